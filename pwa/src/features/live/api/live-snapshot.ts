import type { FirstScreenData, LiveState } from '@cocoa/shared-types';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The cart now, and when this tab last knew it to be so: the live query's data. Its own small file,
 * for the start-up to seed it from a first screen's data block (seedLiveFirstScreen).
 */
export interface LiveSnapshot {
  state: LiveState;
  /** ISO instant: when the state was heard (an answer, a stream message), or last known to hold (the stream was open until then). */
  heardAt: string;
  /** Not confirmed by the server: read back from this device, or kept when asking again failed. */
  stored?: boolean;
}

export const liveQueryKey = ['live'] as const;

/** The cart's state in a first screen's data block (the tracker's, /events'), as GET /api/live answered when the server read it. */
export function seedLiveFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'tracker' && data.page !== 'events') return;
  client.setQueryData<LiveSnapshot>(liveQueryKey, { state: data.live, heardAt: data.fetchedAt });
}
