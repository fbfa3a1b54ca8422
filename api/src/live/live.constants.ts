import type { LiveState } from '@cocoa/shared-types';

/**
 * The job every live change queues in its own transaction (the push a change causes
 * is queued with it): the push module's worker sends the notifications it calls for.
 */
export const LIVE_PUSH_JOB = 'live.push';

/** What changed: a check-in, a status change while checked in, or the check-out. */
export type LiveChange = 'check-in' | 'status' | 'check-out';

export interface LivePushJob {
  change: LiveChange;
  /** The history row (live_events.id) of the change. */
  eventId: number;
  /** The state after the change, as GET /api/live answers it. */
  state: LiveState;
}
