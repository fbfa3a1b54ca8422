import { liveStateSchema, type LiveState } from '@cocoa/shared-types';

/**
 * The live state checked against the shared schema. Its own file, loaded on first use (see
 * loadLiveParser): zod stays out of the pages that show the live line (home, tracker) until
 * a state arrives.
 */
export function parseLiveState(value: unknown): LiveState | null {
  const result = liveStateSchema.safeParse(value);
  return result.success ? result.data : null;
}
