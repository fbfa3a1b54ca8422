import { act, cleanup } from '@testing-library/react';
import type { LiveState, ScheduledEvent } from '@cocoa/shared-types';
import { LIVE_RELEASE_GRACE_MS } from '../api/live-stream';
import { scheduledStop } from '../../../test/fixtures';

/** jsdom has no EventSource: a small double the test drives (open, messages, errors). */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('No EventSource was opened');
    return last;
  }

  /** The connections not closed by the code under test. */
  static openOnes(): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  private emit(type: string, event: Event) {
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }

  /** The server answered: the stream is open. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.emit('open', new Event('open'));
  }

  /** An `event: state` message. */
  sendState(state: unknown) {
    this.emit('state', new MessageEvent('state', { data: typeof state === 'string' ? state : JSON.stringify(state) }));
  }

  /** The connection dropped: the browser retries by itself (CONNECTING) or has given up (CLOSED). */
  fail(gaveUp = false) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.emit('error', new Event('error'));
  }
}

export function installFakeEventSource() {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
}

/** Unmounts everything and lets the shared connection close (it waits a moment for a next page). */
export async function releaseLiveStream() {
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, LIVE_RELEASE_GRACE_MS + 20)));
}

export function uninstallFakeEventSource() {
  delete (globalThis as { EventSource?: unknown }).EventSource;
}

export const LIVE_AT_PARK: LiveState = {
  live: true,
  place: { stopId: 3, label: 'Millennium Park', address: '201 E Randolph St, Chicago, IL', latitude: 41.8826, longitude: -87.6226 },
  status: 'serving',
  minutes: null,
  soldOut: [],
  since: '2026-07-04T19:00:00.000Z',
  updatedAt: '2026-07-04T19:30:00.000Z',
  timeZone: 'America/Chicago',
};

export const NOT_LIVE: LiveState = {
  live: false,
  place: null,
  status: null,
  minutes: null,
  soldOut: [],
  since: null,
  updatedAt: '2026-07-04T23:00:00.000Z',
  timeZone: 'America/Chicago',
};

/** A spec's live stream: a clean saved state and the fake EventSource before each test, released after. */
export function withFakeLiveStream(): void {
  beforeEach(() => {
    localStorage.clear();
    installFakeEventSource();
  });
  afterEach(async () => {
    await releaseLiveStream();
    uninstallFakeEventSource();
  });
}

/** A stop today at Union Square in the shop's zone: what the owner checks in at. */
export const TODAY_STOP: ScheduledEvent = scheduledStop({
  id: 7,
  address: '1 Union Sq',
  date: new Date().toISOString(),
  latitude: 41.9,
  longitude: -87.7,
  timeZone: 'America/Chicago',
});
