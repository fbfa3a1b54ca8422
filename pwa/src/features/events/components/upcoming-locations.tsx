import { Link } from 'react-router-dom';
import { dayIn, dayKey, formatLongDate, formatStopTimes, type ScheduledEvent } from '@cocoa/shared-types';
import { useViewerZone } from '../../../lib/viewer-clock';
import { LoadState } from '../../../ui/load-problem';
import { SkeletonCards } from '../../../ui/skeleton';
import { useLiveState } from '../../live';
import { OrderAheadLink } from '../../order-ahead';
import { useUpcomingEvents } from '../api/upcoming-events';

const SHOWN = 6;

/** A stop on the shop's today (its own zone's day, wherever the viewer is). */
const isToday = (e: ScheduledEvent, now: Date) => dayKey(e.date, e.timeZone) === dayIn(now, e.timeZone);
/** Today or later, in the stop's own zone (the list is asked from a day ago). */
const notOver = (e: ScheduledEvent, now: Date) => dayKey(e.date, e.timeZone) >= dayIn(now, e.timeZone);

/**
 * The next public stops of the cocoa cart, with a link to the tracker's map; 'none yet' only when
 * the server said so. Today's stops say so, and the one the cart is checked in at says 'Here now'.
 */
export function UpcomingLocations() {
  const upcoming = useUpcomingEvents();
  const live = useLiveState();
  const zone = useViewerZone();
  const now = new Date();
  const events = (upcoming.data ?? []).filter((e) => notOver(e, now)).slice(0, SHOWN);
  const hereNowId = live.state?.live && live.state.status !== 'closed' ? live.state.place?.stopId : null;
  return (
    <section aria-labelledby="upcoming-title" className="section">
      <h2 id="upcoming-title">Where to find us next</h2>
      <LoadState
        query={upcoming}
        loading={<SkeletonCards />}
        offline="The next stops are not saved on this device yet. They will show here when you're back online."
        failed="The next stops could not be loaded right now."
      >
        {() =>
          events.length === 0 ? (
            <p className="muted">No upcoming public events yet. Check back soon!</p>
          ) : (
            <ul className="three-up upcoming-list" style={{ listStyle: 'none', padding: 0 }}>
              {events.map((e) => (
                <li key={e.id} className="card why">
                  <h3>
                    {e.title}
                    {e.id === hereNowId ? <span className="badge badge--live">Here now</span> : isToday(e, now) && <span className="badge">Today</span>}
                  </h3>
                  <p>{e.location || 'No location'}</p>
                  <p className="muted">
                    {formatLongDate(e.date, e.timeZone)} · {formatStopTimes(e, zone)}
                  </p>
                  <OrderAheadLink stop={e} name={e.location || e.title} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
      <p>
        <Link to="/cocoa-tracker">See them all on the Live Cocoa Tracker</Link>
      </p>
    </section>
  );
}
