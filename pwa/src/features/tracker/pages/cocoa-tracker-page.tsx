import { formatEventTime, formatLongDate } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEvents } from '../../events';

/** Placeholder: the calendar and map of the Live Cocoa Tracker are built by their own issue. */
export default function CocoaTrackerPage() {
  useDocumentTitle('Live Cocoa Tracker');
  const { data, isPending } = useEvents();
  const events = data ?? [];
  return (
    <div className="container page">
      <h1>Live Cocoa Tracker</h1>
      {isPending ? (
        <Spinner label="Loading events..." />
      ) : events.length === 0 ? (
        <div className="empty-state">
          <p>No events scheduled for this date.</p>
          <p>Check another date or come back soon!</p>
        </div>
      ) : (
        <ul className="event-list">
          {events.map((event) => (
            <li key={event.id} className="card event">
              <h2>{event.title}</h2>
              <p className="muted">{formatLongDate(event.date)} · {formatEventTime(event.startTime)} – {formatEventTime(event.endTime)}</p>
              <p>{event.location || 'No location'}</p>
              {event.description && <p>{event.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
