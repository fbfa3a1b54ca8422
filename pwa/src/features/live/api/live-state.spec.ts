import { testQueryClient } from '../../../test/render';
import { LIVE_AT_PARK } from '../test/fake-event-source';
import { liveQueryKey, type LiveSnapshot } from './live-snapshot';
import { receiveLiveValue } from './live-state';

// The schema check's own chunk: counted, not replaced (it still checks).
const parses = jest.fn();
jest.mock('./parse-live-state', () => {
  const actual = jest.requireActual<typeof import('./parse-live-state')>('./parse-live-state');
  return {
    parseLiveState: (value: unknown) => {
      parses(value);
      return actual.parseLiveState(value);
    },
  };
});

describe('receiveLiveValue: a state from the server (the stream, an admin call)', () => {
  beforeEach(() => {
    parses.mockClear();
    localStorage.clear();
  });

  it("the state the tab already has from the server (the stream's first message repeats the first screen's) changes nothing and is not checked again", async () => {
    const client = testQueryClient();
    const seeded: LiveSnapshot = { state: LIVE_AT_PARK, heardAt: '2026-06-10T15:00:00.000Z' };
    client.setQueryData(liveQueryKey, seeded);
    expect(await receiveLiveValue(client, JSON.parse(JSON.stringify(LIVE_AT_PARK)))).toBe(LIVE_AT_PARK);
    expect(client.getQueryData(liveQueryKey)).toBe(seeded);
    expect(parses).not.toHaveBeenCalled();
    // kept on the device for a visit offline, as a new state is
    expect(JSON.parse(localStorage.getItem('cocoa.live') ?? 'null')).toEqual({ state: LIVE_AT_PARK, heardAt: seeded.heardAt });
  });

  it('a new state is checked and set; one that is not a state is not set', async () => {
    const client = testQueryClient();
    client.setQueryData(liveQueryKey, { state: LIVE_AT_PARK, heardAt: '2026-06-10T15:00:00.000Z' });
    const late = { ...LIVE_AT_PARK, status: 'late', minutes: 15 };
    expect(await receiveLiveValue(client, late)).toEqual(late);
    expect(parses).toHaveBeenCalledTimes(1);
    expect(client.getQueryData<LiveSnapshot>(liveQueryKey)?.state).toEqual(late);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await receiveLiveValue(client, { ...late, live: 'yes' })).toBeNull();
    warn.mockRestore();
    expect(client.getQueryData<LiveSnapshot>(liveQueryKey)?.state).toEqual(late);
  });

  it('a copy read back from this device is checked against what the server says, even when equal', async () => {
    const client = testQueryClient();
    client.setQueryData(liveQueryKey, { state: LIVE_AT_PARK, heardAt: '2026-06-10T15:00:00.000Z', stored: true });
    expect(await receiveLiveValue(client, LIVE_AT_PARK)).toEqual(LIVE_AT_PARK);
    expect(parses).toHaveBeenCalledTimes(1);
    expect(client.getQueryData<LiveSnapshot>(liveQueryKey)?.stored).toBeUndefined();
  });
});
