import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-fetch';
import { Skeleton } from '../../../ui/skeleton';

/**
 * What an admin card shows for its data: a placeholder while it loads, the failure (the server's
 * words, else `failed`) with Try again, then `children` with the data.
 */
export function QueryState<T>({ query, failed, children }: { query: UseQueryResult<T>; failed: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton className="skeleton--row" />;
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
