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
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{messageOf(query.error, failed)}</p>
        <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
