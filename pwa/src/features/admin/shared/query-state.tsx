import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-fetch';
import { Skeleton } from '../../../ui/skeleton';

/**
 * What an admin card shows for its data: a placeholder while it loads, the failure (the server's
 * words, else `failed`) with Try again, then `children` with the data. With `stale`, data already
 * there stays when asking again fails (a list polled at the cart when the signal drops), under
 * what `stale` says about it.
 */
export function QueryState<T>({
  query,
  failed,
  stale,
  children,
}: {
  query: UseQueryResult<T>;
  failed: string;
  stale?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className="skeleton--row" />;
  if (query.isError && stale && query.data !== undefined) {
    return (
      <>
        {stale(query.error)}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) return <LoadFailed message={messageOf(query.error, failed)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A list or card that could not be loaded: why, and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** What a card could not do (load its data, check a connection), with the server's words: "Could not load the shop details: …". */
export function CouldNot({ what, error, role = 'alert' }: { what: string; error: unknown; role?: 'alert' | 'status' }) {
  return (
    <p className="admin-status admin-status--bad" role={role}>
      Could not {what}: {messageOf(error, 'unknown error')}
    </p>
  );
}
