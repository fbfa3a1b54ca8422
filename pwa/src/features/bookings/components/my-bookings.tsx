import { Link } from 'react-router-dom';
import { formatCents } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { SkeletonLines } from '../../../ui/skeleton';
import { RetryNotice } from '../../../ui/load-problem';
import { useMyBookings } from '../api/my-bookings';
import { bookingDay, bookingTimes } from '../format';
import { BookingStateBadge } from './booking-state-badge';
import '../bookings.css';

/** "Your bookings" on /account: the bookings made while signed in, each linking to its status page. */
export function MyBookings({ userId }: { userId: number }) {
  const bookings = useMyBookings(userId);
  return (
    <section className="card my-bookings" aria-labelledby="my-bookings-title">
      <h2 id="my-bookings-title">Your bookings</h2>
      {bookings.isPending ? (
        <SkeletonLines label="Loading your bookings" count={1} className="skeleton--row" />
      ) : bookings.isError ? (
        <RetryNotice title="Unable to load your bookings" message={messageOf(bookings.error, 'Please try again.')} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <p className="muted">
          No event bookings yet. <Link to="/events#book">Book an event</Link>
        </p>
      ) : (
        <ul className="my-bookings__list">
          {bookings.data.map((b) => (
            <li key={b.reference}>
              <Link to={b.statusPath} className="my-bookings__item">
                <span className="my-bookings__ref">{b.reference}</span>
                <BookingStateBadge state={b.state} />
                <span className="my-bookings__what">
                  {b.packageName} · {b.guests} guests
                </span>
                <span className="muted">
                  {bookingDay(b.date)}, {bookingTimes(b)} · {b.venueName}
                </span>
                {b.amountDue && (
                  <span className="my-bookings__due">
                    {b.amountDue.kind === 'deposit' ? 'Deposit' : 'Balance'} due: {formatCents(b.amountDue.amountCents)}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
