import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { Skeleton } from '../../../ui/skeleton';

/** The way from a detail view back to its list ("← All orders"). */
export function BackButton({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <button type="button" className="btn btn--outline orders-back" onClick={onBack}>
      {label}
    </button>
  );
}

/**
 * What an admin detail view (an order, a booking) shows before its data is there: the way back,
 * then a loading placeholder, "<Noun> not found" when it is gone (a restore may have removed it),
 * or the failure with Try again.
 */
export function DetailState({ query, back, noun }: { query: UseQueryResult<unknown>; back: ReactNode; noun: 'order' | 'booking' }) {
  const Noun = `${noun[0].toUpperCase()}${noun.slice(1)}`;
  if (query.isPending) {
    return (
      <div className="admin-stack">
        {back}
        <div role="status" aria-label={`Loading the ${noun}`}>
          <Skeleton className="skeleton--title" />
          <Skeleton className="skeleton--row" />
        </div>
      </div>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="admin-stack">
      {back}
      <div className="card empty-state" role="alert">
        <p>{missing ? `${Noun} not found. It may have been removed by a restore.` : messageOf(query.error, `Failed to load the ${noun}. Please try again.`)}</p>
        {!missing && (
          <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
