import { calendarStatusQueryOptions } from './calendar';
import { squareAuthStatusQueryOptions, STATUS_POLL_MS } from './square';

describe('status polling (SPEC §9)', () => {
  it('polls the Square connection and the calendar status every 30 s', () => {
    expect(STATUS_POLL_MS).toBe(30_000);
    expect(squareAuthStatusQueryOptions.refetchInterval).toBe(30_000);
    expect(calendarStatusQueryOptions.refetchInterval).toBe(30_000);
    expect(squareAuthStatusQueryOptions.queryKey[0]).toBe('admin');
  });
});
