import { directionsUrl, formatStopTimes, hasValidCoordinates, type ScheduledEvent } from '@cocoa/shared-types';
import { useViewerToday, useViewerZone } from '../../../lib/viewer-clock';
import { longDay } from '../../../ui/month-calendar';
import { OrderAheadLink } from '../../order-ahead';
import { PushOptIn, StopPushButton } from './push-opt-in';

interface Props {
  day: string | null;
  events: ScheduledEvent[];
  /** How many days of the shown month have stops: what to say while no date is chosen. */
  daysWithEvents: number;
  loading: boolean;
  onViewOnMap: (event: ScheduledEvent & { latitude: number; longitude: number }) => void;
}

/**
 * The chosen day's events: texts, times and the map/directions actions. With no date
 * chosen (another month than today's) it asks for one, or says the month has no stops: the
 * words 'No events scheduled for this date.' are about a date, so they need one.
 */
export function DayEvents({ day, events, daysWithEvents, loading, onViewOnMap }: Props) {
  const zone = useViewerZone();
  const today = useViewerToday();
  return (
    <>
      <section className="tracker-day" aria-labelledby="tracker-day-title">
        <h2 id="tracker-day-title">{day ? `Events on ${longDay(day)}` : 'Choose a date'}</h2>
        {loading ? (
          <p className="muted" role="status">
            Loading events...
          </p>
        ) : !day ? (
          <div className="empty-state">
            {daysWithEvents > 0 ? (
              <>
                <p>Choose a date to see its stops.</p>
                <p className="muted">Days with stops are outlined on the calendar.</p>
              </>
            ) : (
              <>
                <p>No stops scheduled this month.</p>
                <p className="muted">Check another month or come back soon!</p>
              </>
            )}
          </div>
        ) : events.length === 0 ? (
          <div className="empty-state">
            <p>No events scheduled for this date.</p>
            <p className="muted">Check another date or come back soon!</p>
          </div>
        ) : (
          <ul className="tracker-day__list">
            {events.map((event) => (
              <li key={event.id} className="card tracker-event">
                <h3>{event.title}</h3>
                <p className="tracker-event__where">{event.location || 'No location'}</p>
                {event.description && <p>{event.description}</p>}
                <p className="muted tracker-event__time">{formatStopTimes(event, zone)}</p>
                {hasValidCoordinates(event) && (
                  <div className="tracker-event__actions">
                    <button type="button" className="btn btn--small" onClick={() => onViewOnMap(event)}>
                      View on Map
                    </button>
                    <a className="btn btn--small btn--primary" href={directionsUrl(event.latitude, event.longitude)} target="_blank" rel="noopener noreferrer">
                      Get Directions
                    </a>
                  </div>
                )}
                <div className="tracker-event__actions">
                  {/* Ordering ahead and being told when the owner checks in there: only a stop still to come. */}
                  {day >= today && <OrderAheadLink stop={event} name={event.location || event.title} />}
                  {day >= today && <StopPushButton stopId={event.id} name={event.location || event.title} />}
                  <a
                    className="link-btn"
                    href={`/api/events/${event.id}/calendar.ics`}
                    download={`cocoa-stop-${event.id}.ics`}
                    aria-label={`Add to my calendar: ${event.title}`}
                  >
                    Add to my calendar
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* Notifications beyond one stop (anywhere, near me), under the list on every day. */}
      <PushOptIn />
    </>
  );
}
