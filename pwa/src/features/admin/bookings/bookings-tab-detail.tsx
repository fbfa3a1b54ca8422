import { useId, useState } from 'react';
import {
  type AdminBookingDetail,
  BOOKING_TRACKER_LABELS,
  type BookingRescheduled,
  type BookingTrackerChoice,
  canMoveBooking,
  canRescheduleBooking,
  formatCents,
  formatEventTime,
} from '@cocoa/shared-types';
import { toast } from '../../../ui/toast-store';
import { useAdminBooking } from './api/detail';
import { useMoveBooking } from './api/move';
import { useRetryBookingRefund } from './api/retry-refund';
import { useSetBookingTracker } from './api/tracker';
import { actorLabel, formatDateTime } from '../shared/format';
import { MutationConfirmDialog } from '../shared/dialog';
import { AcceptDialog, CancelBookingDialog, DeclineDialog, RescheduleDialog, TrackerSelect } from './bookings-tab-dialogs';
import { bookingDate, BookingStateLabel, bookingWhen, describeBookingEvent } from './bookings-tab-format';
import { BackButton, DetailState } from '../shared/detail-state';
import { MetaLines, MetaRow } from '../../../ui/meta-row';
import { TimelineCard } from '../shared/timeline-card';
import { TableHead } from '../../../ui/table-head';
import { AdminCard } from '../shared/admin-card';

type Open = 'accept' | 'decline' | 'cancel' | 'complete' | 'reschedule' | null;

/** After a move: what the owner chose against their own rules (a day they blocked, inside their lead time). */
function MoveWarnings({ warnings }: { warnings: BookingRescheduled['warnings'] }) {
  if (!warnings.length) return null;
  return (
    <div className="admin-warning bookings-clash" role="alert">
      <p>Moved. Please note:</p>
      <ul>
        {warnings.map((w) => (
          <li key={w.kind}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The other bookings and scheduled stops on the booking's day: the owner is warned, not stopped. */
function Clashes({ booking, onOpen }: { booking: AdminBookingDetail; onOpen: (id: number) => void }) {
  const { bookings, stops } = booking.clashes;
  if (!bookings.length && !stops.length) return null;
  return (
    <div className="admin-warning bookings-clash" role="alert">
      <p>This day clashes with:</p>
      <ul>
        {bookings.map((c) => (
          <li key={`b-${c.id}`}>
            <button type="button" className="link-btn" onClick={() => onOpen(c.id)}>
              Booking {c.reference}
            </button>{' '}
            ({c.contactName}, <BookingStateLabel state={c.state} />, {formatEventTime(c.startTime)} - {formatEventTime(c.endTime)})
          </li>
        ))}
        {stops.map((s) => (
          <li key={`s-${s.id}`}>
            Scheduled stop: {s.title}
            {s.location ? ` at ${s.location}` : ''} ({formatEventTime(s.startTime)} - {formatEventTime(s.endTime)})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tracker choice and its change control (not for a declined or cancelled booking: nothing can show). */
function TrackerChoice({ booking }: { booking: AdminBookingDetail }) {
  const id = useId();
  const save = useSetBookingTracker(booking.id);
  const [choice, setChoice] = useState<BookingTrackerChoice>(booking.tracker);
  if (booking.state === 'declined' || booking.state === 'cancelled') return <>{BOOKING_TRACKER_LABELS[booking.tracker]}</>;
  return (
    <form
      className="admin-stack"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice);
      }}
    >
      <p>
        {BOOKING_TRACKER_LABELS[booking.tracker]}
        {booking.stopId !== null ? ' · on the schedule' : booking.tracker !== 'none' ? ' · once confirmed' : ''}
      </p>
      <TrackerSelect id={id} value={choice} onChange={setChoice} disabled={save.isPending} />
      <button type="submit" className="btn btn--outline btn--small-touch" disabled={save.isPending || choice === booking.tracker}>
        {save.isPending ? 'Saving...' : 'Change'}
      </button>
    </form>
  );
}

/**
 * One booking for the owner: the clash warning, the moves its state allows (accept with a quote and
 * a note, decline with a message, cancel with a refund of their choosing, complete), the event and
 * contact, the money, the payments and the whole thread with who did what.
 */
export function BookingDetail({ id, onBack, onOpen }: { id: number; onBack: () => void; onOpen: (id: number) => void }) {
  const query = useAdminBooking(id);
  const move = useMoveBooking(id);
  const retryRefund = useRetryBookingRefund(id);
  const [open, setOpen] = useState<Open>(null);
  const [moved, setMoved] = useState<{ id: number; warnings: BookingRescheduled['warnings'] }>({ id, warnings: [] });
  const back = <BackButton label="← All bookings" onBack={onBack} />;

  if (!query.isSuccess) return <DetailState query={query} back={back} noun="booking" />;

  const b = query.data;
  const can = (to: Parameters<typeof canMoveBooking>[1]) => canMoveBooking(b.state, to);
  const outstanding = b.balanceCents - b.balancePaidCents;
  const copyLink = () =>
    void navigator.clipboard?.writeText(b.statusUrl).then(
      () => toast('Link copied', "Paste it into a message to the customer: it opens the booking's status page."),
      () => undefined,
    );

  return (
    <div className="admin-stack bookings-detail">
      {back}
      <section className="card admin-card" aria-labelledby="booking-detail-title">
        <div className="admin-card__head">
          <h2 id="booking-detail-title">
            Booking {b.reference}
            {b.testMode && (
              <span className="badge badge--test" title="Paid in test mode: nothing was charged">
                TEST
              </span>
            )}
          </h2>
          <BookingStateLabel state={b.state} />
        </div>
        <p className="muted">
          Requested {formatDateTime(b.createdAt)} by {b.contactName} · {b.contactEmail}
        </p>
        {moved.id === b.id && <MoveWarnings warnings={moved.warnings} />}
        <Clashes booking={b} onOpen={onOpen} />
        <div className="admin-actions" role="group" aria-label="Next steps">
          {b.state === 'requested' && (
            <>
              <button type="button" className="btn btn--primary" onClick={() => setOpen('accept')}>
                Accept
              </button>
              <button type="button" className="btn btn--danger" onClick={() => setOpen('decline')}>
                Decline
              </button>
            </>
          )}
          {b.state !== 'requested' && can('completed') && (
            <button type="button" className="btn btn--primary" onClick={() => setOpen('complete')} disabled={move.isPending}>
              Mark completed
            </button>
          )}
          {canRescheduleBooking(b.state) && (
            <button type="button" className="btn btn--outline" onClick={() => setOpen('reschedule')}>
              Change date
            </button>
          )}
          {b.state !== 'requested' && can('cancelled') && (
            <button type="button" className="btn btn--danger" onClick={() => setOpen('cancel')}>
              Cancel booking
            </button>
          )}
          {!can('awaiting_deposit') && !can('completed') && !can('cancelled') && <p className="muted">Nothing left to do for this booking.</p>}
        </div>
        <div className="orders-detail__grid">
          <section aria-labelledby="booking-event-heading">
            <h3 id="booking-event-heading">Event</h3>
            <dl className="bookings-dl">
              <MetaRow term="Package">{b.packageName}</MetaRow>
              <MetaRow term="When">{bookingWhen(b)}</MetaRow>
              <MetaRow term="Guests">{b.guests}</MetaRow>
              <MetaLines term="Venue" lines={[b.venueName, b.venueAddress]} />
              {b.notes && <MetaRow term="Notes">{b.notes}</MetaRow>}
              <MetaRow term="On the tracker">
                <TrackerChoice key={`${b.id}-${b.tracker}`} booking={b} />
              </MetaRow>
            </dl>
          </section>
          <section aria-labelledby="booking-contact-heading">
            <h3 id="booking-contact-heading">Contact</h3>
            <dl className="bookings-dl">
              <MetaRow term="Name">{b.contactName}</MetaRow>
              <MetaRow term="Email">
                <a href={`mailto:${b.contactEmail}`}>{b.contactEmail}</a>
              </MetaRow>
              <MetaRow term="Phone">
                <a href={`tel:${b.contactPhone}`}>{b.contactPhone}</a>
              </MetaRow>
            </dl>
            <button type="button" className="btn btn--outline btn--small-touch" onClick={copyLink}>
              Copy the customer's link
            </button>
          </section>
          <section aria-labelledby="booking-money-heading">
            <h3 id="booking-money-heading">Money</h3>
            <dl className="orders-totals bookings-money">
              <MetaRow term={b.state === 'requested' ? 'Estimate' : 'Quote'}>{formatCents(b.quoteCents)}</MetaRow>
              <MetaRow term={`Deposit (${b.depositPercent}%)`}>{formatCents(b.depositCents)}</MetaRow>
              <MetaRow term="Balance">{formatCents(b.balanceCents)}</MetaRow>
              {b.balanceDueDate && <MetaRow term="Balance due">{bookingDate(b.balanceDueDate)}</MetaRow>}
              <MetaRow term="Deposit paid">{formatCents(b.depositPaidCents)}</MetaRow>
              <MetaRow term="Balance paid">{formatCents(b.balancePaidCents)}</MetaRow>
              {b.refundedCents > 0 && <MetaRow term="Refunded">{formatCents(b.refundedCents)}</MetaRow>}
            </dl>
          </section>
        </div>
      </section>

      {b.payments.length > 0 && (
        <AdminCard titleId="booking-payments-heading" title="Payments">
          <div className="admin-table-wrap">
            <table className="admin-table">
              <TableHead columns={['When', 'What', 'Amount', 'Status', '']} />
              <tbody>
                {b.payments.map((p) => (
                  <tr key={p.id}>
                    <td className="admin-table__nowrap">{formatDateTime(p.createdAt)}</td>
                    <td>
                      {p.kind === 'refund' ? 'Refund' : p.kind === 'deposit' ? 'Deposit' : 'Balance'}
                      {p.testMode && <span className="badge badge--test">TEST</span>}
                    </td>
                    <td>{formatCents(p.amountCents)}</td>
                    <td>{p.status}</td>
                    <td>
                      {p.kind === 'refund' && p.status === 'failed' && (
                        <button
                          type="button"
                          className="btn btn--outline btn--small-touch"
                          disabled={retryRefund.isPending}
                          aria-label={`Retry the refund of ${formatCents(p.amountCents)}`}
                          onClick={() => retryRefund.mutate(p.id)}
                        >
                          {retryRefund.isPending && retryRefund.variables === p.id ? 'Retrying…' : 'Retry refund'}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </AdminCard>
      )}

      <TimelineCard
        titleId="booking-thread-heading"
        title="Thread"
        entries={b.events}
        what={(e) => (
          <>
            {describeBookingEvent(e)}
            {e.note && <span className="bookings-thread__note">“{e.note}”</span>}
          </>
        )}
        who={(e) => actorLabel(e.actor)}
      />

      {open === 'accept' && <AcceptDialog booking={b} onClose={() => setOpen(null)} />}
      {open === 'decline' && <DeclineDialog booking={b} onClose={() => setOpen(null)} />}
      {open === 'cancel' && <CancelBookingDialog booking={b} onClose={() => setOpen(null)} />}
      {open === 'reschedule' && <RescheduleDialog booking={b} onClose={() => setOpen(null)} onMoved={(warnings) => setMoved({ id: b.id, warnings })} />}
      {open === 'complete' && (
        <MutationConfirmDialog
          title={`Mark booking ${b.reference} completed?`}
          message={
            <p>
              {outstanding > 0
                ? `${formatCents(outstanding)} of the balance is still unpaid; it is recorded on the booking.`
                : 'The event is done and everything is paid.'}
            </p>
          }
          confirmLabel="Mark completed"
          busyLabel="Saving..."
          destructive={false}
          mutation={move}
          variables={{ kind: 'complete', body: {} }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
