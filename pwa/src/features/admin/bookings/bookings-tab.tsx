import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AdminBookingSummary, BOOKING_STATE_LABELS, BOOKING_STATES, type BookingState, formatCents } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { SkeletonLines } from '../../../ui/skeleton';
import { useAdminBookings } from './api/list';
import { BookingDetail } from './bookings-tab-detail';
import { bookingWhen, BookingStateLabel } from './bookings-tab-format';
import { BookingsMonth } from './bookings-tab-month';
import { BookingPackages } from './bookings-tab-packages';
import { BookingSettingsForm } from './bookings-tab-settings';
import './bookings-tab.css';
import { RefreshButton } from '../shared/refresh-button';
import { Segment } from '../shared/segment';
import { SwipeRow } from '../shared/swipe-row';
import { LoadFailed } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

const VIEWS = [
  { id: 'list', label: 'Bookings' },
  { id: 'month', label: 'Month' },
  { id: 'packages', label: 'Packages' },
  { id: 'settings', label: 'Settings' },
] as const;
type View = (typeof VIEWS)[number]['id'];

/** A booking's row; a swipe writes to its contact (the owner's mail app opens, addressed). */
function BookingRow({ booking, onOpen }: { booking: AdminBookingSummary; onOpen: () => void }) {
  const subject = encodeURIComponent(`Your booking ${booking.reference}`);
  return (
    <SwipeRow actions={[{ label: 'E-mail', href: `mailto:${encodeURIComponent(booking.contactEmail)}?subject=${subject}` }]}>
      <button
        type="button"
        className="bookings-row"
        onClick={onOpen}
        aria-label={`Open booking ${booking.reference}, ${booking.contactName}, ${BOOKING_STATE_LABELS[booking.state]}`}
      >
        <span className="bookings-row__ref">{booking.reference}</span>
        <span className="bookings-row__who">
          <span className="bookings-row__name">{booking.contactName}</span>
          <span className="muted admin-break">
            {booking.packageName} · {booking.guests} guests
          </span>
        </span>
        <span className="bookings-row__when">{bookingWhen(booking)}</span>
        <span className="bookings-row__money">
          {formatCents(booking.quoteCents)}
          <span className="muted"> · {booking.venueName}</span>
        </span>
        <span className="bookings-row__state">
          <BookingStateLabel state={booking.state} />
          {booking.testMode && <span className="badge badge--test">TEST</span>}
        </span>
      </button>
    </SwipeRow>
  );
}

const ALL = 'all';

function StateCount({ label, count }: { label: string; count: number | null | undefined }) {
  return (
    <>
      {label}
      {count != null && <span className="bookings-states__count"> {count}</span>}
    </>
  );
}

/** The list by state: each state's count on its filter, then a page of bookings by event day. */
function BookingsList({ onOpen }: { onOpen: (id: number) => void }) {
  const [state, setState] = useState<BookingState | undefined>('requested');
  const [page, setPage] = useState(1);
  const bookings = useAdminBookings({ state, page });
  const data = bookings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const choose = (next: BookingState | undefined) => {
    setState(next);
    setPage(1);
  };
  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : null;

  return (
    <AdminCard titleId="bookings-title" title="Bookings" actions={<RefreshButton query={bookings} />}>
      <Segment
        label="Show bookings that are"
        choices={[
          ...BOOKING_STATES.map((s) => ({ id: s, label: <StateCount label={BOOKING_STATE_LABELS[s]} count={data?.counts[s]} /> })),
          { id: ALL, label: <StateCount label="All" count={all} /> },
        ]}
        value={state ?? ALL}
        onChange={(next) => choose(next === ALL ? undefined : next)}
      />
      {bookings.isPending ? (
        <SkeletonLines label="Loading bookings" count={3} />
      ) : bookings.isError && !data ? (
        <LoadFailed message={messageOf(bookings.error, 'Failed to load bookings. Please try again.')} onRetry={() => void bookings.refetch()} />
      ) : !data?.bookings.length ? (
        <p className="empty-state">{state ? `No bookings are ${BOOKING_STATE_LABELS[state].toLowerCase()}.` : 'No bookings yet.'}</p>
      ) : (
        <>
          <ul className="bookings-list" aria-label={state ? `${BOOKING_STATE_LABELS[state]} bookings` : 'All bookings'} aria-busy={bookings.isPlaceholderData}>
            {data.bookings.map((b) => (
              <BookingRow key={b.id} booking={b} onOpen={() => onOpen(b.id)} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="admin-pager" aria-label="Pages of bookings">
              <button type="button" className="btn btn--outline" disabled={page <= 1 || bookings.isFetching} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span aria-live="polite">
                Page {data.page} of {pages} · {data.total} bookings
              </span>
              <button type="button" className="btn btn--outline" disabled={page >= pages || bookings.isFetching} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </AdminCard>
  );
}

/**
 * Bookings, tablet first: the list by state (requests first), a month of bookings beside
 * the scheduled stops and blocked days, the packages and the booking settings. An open booking is
 * kept in the address (?booking=, as the shop's e-mails link it) and the view too (?view=), so the
 * back button returns to where the owner was.
 */
export function BookingsTab() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('booking'));
  const view: View = VIEWS.find((v) => v.id === params.get('view'))?.id ?? 'list';
  const set = (key: string, value: string | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const open = (id: number | null) => set('booking', id ? String(id) : null);

  if (Number.isInteger(openId) && openId > 0) return <BookingDetail id={openId} onBack={() => open(null)} onOpen={open} />;
  return (
    <div className="admin-stack">
      <Segment label="Bookings view" choices={VIEWS} value={view} onChange={(id) => set('view', id === 'list' ? null : id)} />
      {view === 'list' && <BookingsList onOpen={open} />}
      {view === 'month' && <BookingsMonth onOpen={open} />}
      {view === 'packages' && <BookingPackages />}
      {view === 'settings' && <BookingSettingsForm />}
    </div>
  );
}
