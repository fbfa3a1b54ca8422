import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveState } from '@cocoa/shared-types';
import { useOnline } from '../../../lib/use-online';
import { liveQueryOptions } from './live-state';
import { liveStreamStatus, retainLiveStream, subscribeLiveStreamStatus } from './live-stream';

export interface LiveView {
  /** The last state known on this device; null when none was ever heard. */
  state: LiveState | null;
  /** When it was heard (or last known to hold). */
  heardAt: Date | null;
  /** Possibly out of date (offline, the stream lost, or a copy kept on the device): show it with its time. */
  stale: boolean;
  /** Not known yet: the first answer is on its way. */
  loading: boolean;
  /** Not known: the first answer failed and nothing is kept on the device. */
  failed: boolean;
}

const streamFailed = () => liveStreamStatus() === 'failed';

/**
 * The cart now, kept current over the live stream (one connection per tab, shared by every view
 * using this hook). GET /api/live seeds it; each stream message replaces it; the last one heard
 * is kept on the device for a visitor who opens the page offline.
 */
export function useLiveState(): LiveView {
  const client = useQueryClient();
  const query = useQuery(liveQueryOptions());
  useEffect(() => retainLiveStream(client), [client]);
  // Only whether the stream is lost matters here: connecting and opening it (each view's mount
  // starts that) re-render nothing.
  const streamLost = useSyncExternalStore(subscribeLiveStreamStatus, streamFailed, () => false);
  const online = useOnline();
  const snapshot = query.data;
  if (!snapshot) return { state: null, heardAt: null, stale: false, loading: query.isPending, failed: query.isError };
  const stale = !online || streamLost || snapshot.stored === true;
  return { state: snapshot.state, heardAt: new Date(snapshot.heardAt), stale, loading: false, failed: false };
}
