import type { ReactNode } from 'react';
import { formatDateTime } from './format';
import { AdminCard } from './admin-card';

/** A card of what happened to an order or a booking, oldest first: each entry's time, what happened, and who did it. */
export function TimelineCard<E extends { id: string | number; at: string }>({
  titleId,
  title,
  entries,
  what,
  who,
}: {
  titleId: string;
  title: string;
  entries: readonly E[];
  what: (entry: E) => ReactNode;
  who: (entry: E) => string;
}) {
  return (
    <AdminCard titleId={titleId} title={title}>
      <ol className="orders-timeline">
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span className="orders-timeline__what">{what(entry)}</span>
            <span className="orders-timeline__who muted">{who(entry)}</span>
          </li>
        ))}
      </ol>
    </AdminCard>
  );
}
