import { Link } from 'react-router-dom';
import { formatLongDate, formatStopTimes } from '@cocoa/shared-types';
import { LoadProblem } from '../../../ui/load-problem';
import { Skeleton } from '../../../ui/skeleton';
import { useUpcomingEvents } from '../api/upcoming-events';

const SHOWN = 6;

/** The next public stops of the cocoa cart, with a link to the tracker's map; 'none yet' only when the server said so. */
export function UpcomingLocations() {
  const { data, isPending, isError, refetch } = useUpcomingEvents();
  const events = (data ?? []).slice(0, SHOWN);
  return (
    <section aria-labelledby="upcoming-title" className="section">
      <h2 id="upcoming-title">Where to find us next</h2>
      {isPending ? (
        <div className="three-up"><Skeleton className="skeleton--card" /><Skeleton className="skeleton--card" /><Skeleton className="skeleton--card" /></div>
      ) : isError && !data ? (
        <LoadProblem
          offline="The next stops are not saved on this device yet. They will show here when you're back online."
          failed="The next stops could not be loaded right now."
          onRetry={() => void refetch()}
        />
      ) : events.length === 0 ? (
        <p className="muted">No upcoming public events yet. Check back soon!</p>
      ) : (
        <ul className="three-up upcoming-list" style={{ listStyle: 'none', padding: 0 }}>
          {events.map((e) => (
            <li key={e.id} className="card why">
              <h3>{e.title}</h3>
              <p>{e.location || 'No location'}</p>
              <p className="muted">{formatLongDate(e.date, e.timeZone)} · {formatStopTimes(e)}</p>
            </li>
          ))}
        </ul>
      )}
      <p><Link to="/cocoa-tracker">See them all on the Live Cocoa Tracker</Link></p>
    </section>
  );
}
