import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { msSinceReconnect, useOnline } from '../lib/use-online';

/** When a load that failed is tried again after the connection came back (besides at once), counted from the reconnect. */
const RETRY_AFTER_RECONNECT_MS = [2_000, 5_000, 10_000];

interface Props {
  /** Offline: what is missing and that it will show once back online. */
  offline: string;
  /** Online but the call failed (server away, an error answer). */
  failed: string;
  /** Try Again; also called when the connection comes back. */
  onRetry?: () => void;
  /** A whole page (heading level 1) rather than a notice inside a section. */
  page?: boolean;
}

/**
 * What shows when data could not be loaded and no copy is saved on this device. Offline it says
 * so and what will show when the connection is back, and loads it then (TanStack Query's own
 * refetch on reconnect misses a page that was opened offline: it never saw the 'offline' event);
 * never an empty list or 'Not Found', which would tell the person something untrue.
 *
 * A phone says it is online as soon as a network is up, often before a request gets through, so
 * the load is tried again at set times after the reconnect while this problem is still shown. The
 * times count from the reconnect, not from this notice's mount: a query without data shows its
 * loading state while it tries again, which takes this notice away and brings it back when the try
 * fails, and the tries still left must survive that.
 */
export function LoadProblem({ offline, failed, onRetry, page = false }: Props) {
  const online = useOnline();
  const wasOnline = useRef(online);
  const retryOnReconnect = useEffectEvent(() => onRetry?.());
  useEffect(() => {
    const reconnected = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online) return;
    if (reconnected) retryOnReconnect();
    const since = msSinceReconnect();
    const later = RETRY_AFTER_RECONNECT_MS.filter((ms) => ms > since).map((ms) => setTimeout(retryOnReconnect, ms - since));
    return () => later.forEach(clearTimeout);
  }, [online]);
  const title = online ? 'Unable to load' : "You're offline";
  const retry = online && onRetry && (
    <button type="button" className="btn btn--outline" onClick={onRetry}>
      Try Again
    </button>
  );
  const Heading = page ? 'h1' : 'strong';
  return (
    <div className={page ? 'container page empty-state' : 'notice'} role="status">
      <Heading>{title}</Heading>
      <p>{online ? failed : offline}</p>
      {retry}
    </div>
  );
}

/**
 * What a section shows for a query: `loading` while it loads, the LoadProblem (`offline`, `failed`)
 * when it failed with no copy on this device, else `children` with the data (a copy kept through a
 * failed refresh included).
 */
export function LoadState<T>({
  query,
  loading,
  offline,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  offline: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.data === undefined) return <LoadProblem offline={offline} failed={failed} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A notice that something could not be loaded (with no copy to fall back on): `title`, why, and Try Again. */
export function RetryNotice({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="notice" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      <button type="button" className="btn btn--outline" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
