import { type LiveHistoryEntry, shopClock } from '@cocoa/shared-types';
import { LoadState } from '../../../ui/load-problem';
import { SkeletonLines } from '../../../ui/skeleton';
import { useLiveHistory } from '../../live';
import { actorLabel, formatDay } from '../shared/format';
import { AdminCard } from '../shared/admin-card';

const minutes = (n: number | null) => `${n ?? 0} minute${n === 1 ? '' : 's'}`;

/** One change as the owner reads it. */
export function describeLiveChange(entry: LiveHistoryEntry): string {
  switch (entry.type) {
    case 'check-in':
      return `Checked in at ${entry.label ?? 'a place'}`;
    case 'serving':
      return 'Serving now';
    case 'late':
      return `Running ${minutes(entry.minutes)} late`;
    case 'closing':
      return `Closing in ${minutes(entry.minutes)}`;
    case 'closed':
      return 'Closed for today';
    case 'sold-out':
      return `Sold out of ${entry.product ?? 'a product'}`;
    case 'back-in-stock':
      return `${entry.product ?? 'A product'} back in stock`;
    case 'check-out':
      return 'Checked out';
    default:
      return entry.type;
  }
}

/** The latest check-ins and status changes, newest first, at the shop's clock. */
export function LiveHistory({ timeZone }: { timeZone: string }) {
  const history = useLiveHistory();
  return (
    <AdminCard titleId="live-history-title" title="Recent changes">
      <LoadState
        query={history}
        loading={<SkeletonLines label="Loading the recent changes" count={1} className="skeleton--row" />}
        offline="The recent changes will show once you are back online."
        failed="The recent changes could not be loaded."
      >
        {(entries) =>
          entries.length === 0 ? (
            <p className="muted">No check-ins yet. Each check-in and status change will be listed here.</p>
          ) : (
            <ol className="admin-rows live-history">
              {entries.map((entry) => (
                <li key={entry.id} className="admin-row">
                  <span className="admin-row__main">
                    <span className="admin-row__title">{describeLiveChange(entry)}</span>
                    <span className="admin-row__meta muted">
                      {formatDay(entry.at, timeZone)}, {shopClock(new Date(entry.at), timeZone)} · {actorLabel(entry.actor)}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </LoadState>
    </AdminCard>
  );
}
