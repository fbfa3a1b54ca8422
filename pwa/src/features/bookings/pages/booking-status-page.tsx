import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { BOOKING_STATE_LABELS, type BookingPaymentResult, type BookingView, formatCents, lazyDateFormat } from '@cocoa/shared-types';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MetaLines, MetaRow } from '../../../ui/meta-row';
import { toast } from '../../../ui/toast-store';
import { LinkPage, LinkPageLoading, LinkProblem, useLinkAccess } from '../../auth';
import { CardPayment } from '../../payment';
import { bookingQueryOptions, payBooking, useBooking, useCancelBooking } from '../api/booking';
import { BookingStateBadge } from '../components/booking-state-badge';
import { CancelBookingDialog } from '../components/cancel-booking-dialog';
import { bookingDay, bookingTimes } from '../format';
import '../bookings.css';

const WHEN = lazyDateFormat({ month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Where the booking stands, in one sentence. */
/** The event's stop takes orders ahead: the page the guests order from, to share with them. */
function PreorderLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  return (
    <section aria-labelledby="booking-preorder-title" className="booking-preorder">
      <h2 id="booking-preorder-title">Pre-orders for your guests</h2>
      <p>Your guests can order their drinks ahead and skip the line: share this link with them.</p>
      <p>
        <a href={path}>{url}</a>
      </p>
    </section>
  );
}

function leadOf(b: BookingView): string {
  const due = b.amountDue ? formatCents(b.amountDue.amountCents) : '';
  switch (b.state) {
    case 'requested':
      return 'We have your request and will e-mail you our quote. The estimate below is not a charge.';
    case 'awaiting_deposit':
      return `Your quote is ready. Pay the deposit of ${due} to confirm ${bookingDay(b.date)}.`;
    case 'confirmed':
      return `Your booking is confirmed: see you on ${bookingDay(b.date)}!${b.balanceDueDate && b.balanceCents > b.balancePaidCents ? ` The balance of ${formatCents(b.balanceCents - b.balancePaidCents)} falls due on ${bookingDay(b.balanceDueDate)}.` : ''}`;
    case 'balance_due':
      return `The balance of ${due} is due now.`;
    case 'completed':
      return 'Thank you! This booking is complete.';
    case 'declined':
      return "We're sorry: we cannot take this booking.";
    case 'cancelled':
      return `This booking was cancelled.${b.refundedCents > 0 ? ` ${formatCents(b.refundedCents)} has been refunded.` : ''}`;
  }
}

/** The deposit or the balance, paid with the checkout's payment step; the server computes the amount. */
function PaySection({ booking, token, onPaid }: { booking: BookingView; token: string | null; onPaid: (result: BookingPaymentResult) => void }) {
  const [open, setOpen] = useState(false);
  const due = booking.amountDue;
  if (!due) return null;
  const what = due.kind === 'deposit' ? 'deposit' : 'balance';
  return (
    <section className="booking-pay" aria-labelledby="booking-pay-title">
      <h2 id="booking-pay-title">Pay the {what}</h2>
      {open ? (
        <CardPayment
          amountCents={due.amountCents}
          submit={({ sourceId, idempotencyKey }) => payBooking(booking.reference, token, { kind: due.kind, sourceId, idempotencyKey })}
          onSuccess={onPaid}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button type="button" className="btn btn--primary btn--large" onClick={() => setOpen(true)}>
          Pay {what} ({formatCents(due.amountCents)})
        </button>
      )}
    </section>
  );
}

function BookingBody({ booking, token, userId }: { booking: BookingView; token: string | null; userId: number | null }) {
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const cancel = useCancelBooking(booking.reference, token, userId);
  const [cancelling, setCancelling] = useState(false);
  const b = booking;
  const shopName = useShopIdentity()?.name;
  const paid = b.depositPaidCents + b.balancePaidCents;
  const quoted = b.state !== 'requested';

  const onPaid = (result: BookingPaymentResult) => {
    client.setQueryData(bookingQueryOptions(b.reference, token, userId).queryKey, result.booking);
    toast(
      'Payment Successful',
      result.booking.state === 'confirmed' ? 'Your booking is confirmed.' : `${formatCents(result.amountCents)} received. Thank you!`,
    );
    heading.current?.focus();
  };

  return (
    <article className="card booking-status" aria-labelledby="booking-title">
      <header className="booking-status__head">
        <h1 id="booking-title" ref={heading} tabIndex={-1}>
          Booking {b.reference}
        </h1>
        <span className="booking-status__badges">
          <BookingStateBadge state={b.state} />
          {b.testMode && (
            <span className="badge badge--test" title="Paid in test mode: nothing was charged">
              TEST MODE
            </span>
          )}
        </span>
      </header>
      <p className="booking-status__lead" role="status">
        {leadOf(b)}
      </p>
      {b.message && (
        <figure className="booking-status__message">
          <blockquote>{b.message}</blockquote>
          <figcaption>{shopName ? `From ${shopName}` : 'From the shop'}</figcaption>
        </figure>
      )}

      <PaySection booking={b} token={token} onPaid={onPaid} />

      <section aria-labelledby="booking-event-title">
        <h2 id="booking-event-title">Your event</h2>
        <dl className="booking-dl">
          <MetaRow term="Package">{b.package.name}</MetaRow>
          <MetaRow term="Date">{bookingDay(b.date)}</MetaRow>
          <MetaRow term="Time">{bookingTimes(b)}</MetaRow>
          <MetaRow term="Guests">{b.guests}</MetaRow>
          <MetaLines term="Venue" lines={[b.venueName, b.venueAddress]} />
          <MetaLines term="Contact" lines={[b.contactName, `${b.contactEmail} · ${b.contactPhone}`]} />
          {b.notes && <MetaRow term="Notes">{b.notes}</MetaRow>}
        </dl>
      </section>

      {b.preorderPath && <PreorderLink path={b.preorderPath} />}

      <section aria-labelledby="booking-price-title">
        <h2 id="booking-price-title">Price</h2>
        <dl className="booking-dl booking-dl--money">
          <MetaRow term={quoted ? 'Quote' : 'Estimate'}>{formatCents(b.quoteCents)}</MetaRow>
          <MetaRow term={`Deposit (${b.depositPercent}%)`}>{formatCents(b.depositCents)}</MetaRow>
          <MetaRow term="Balance">
            {formatCents(b.balanceCents)}
            {b.balanceDueDate && <span className="muted"> due {bookingDay(b.balanceDueDate)}</span>}
          </MetaRow>
          {paid > 0 && <MetaRow term="Paid">{formatCents(paid)}</MetaRow>}
          {b.refundedCents > 0 && <MetaRow term="Refunded">{formatCents(b.refundedCents)}</MetaRow>}
        </dl>
      </section>

      <section aria-labelledby="booking-history-title">
        <h2 id="booking-history-title">History</h2>
        <ol className="booking-history">
          {b.history.map((h, i) => (
            <li key={`${h.state}-${i}`}>
              <span className="booking-history__state">{BOOKING_STATE_LABELS[h.state]}</span>
              <time dateTime={h.at}>{WHEN().format(new Date(h.at))}</time>
            </li>
          ))}
        </ol>
      </section>

      {b.cancellation.allowed && (
        <section aria-labelledby="booking-cancel-title" className="booking-cancel">
          <h2 id="booking-cancel-title">Cancellation</h2>
          <p>{b.cancellation.policy}</p>
          <button type="button" className="btn btn--outline" onClick={() => setCancelling(true)}>
            Cancel booking
          </button>
        </section>
      )}
      {cancelling && (
        <CancelBookingDialog
          booking={b}
          busy={cancel.isPending}
          error={cancel.error}
          onClose={() => {
            cancel.reset();
            setCancelling(false);
          }}
          onConfirm={(reason) =>
            cancel.mutate(reason, {
              onSuccess: (result) => {
                setCancelling(false);
                toast(
                  'Booking cancelled',
                  result.refundCents > 0 ? `${formatCents(result.refundCents)} will be refunded to your card.` : 'We have let the team know.',
                );
                heading.current?.focus();
              },
            })
          }
        />
      )}
    </article>
  );
}

/** A failed load: not found (or not theirs) with the way back, or a failure to retry. */
function BookingProblem({ error, signedIn, signInTarget, onRetry }: { error: unknown; signedIn: boolean; signInTarget: string; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const missing = status === 404 || status === 400;
  return (
    <LinkProblem
      title={missing ? 'Booking not found' : 'Unable to load this booking'}
      message={missing ? 'Please open the link in your e-mail again: it holds what opens your booking.' : messageOf(error, 'Please try again.')}
      actionsClassName="booking-status__actions"
      onRetry={missing ? undefined : onRetry}
      signInTarget={signedIn ? undefined : signInTarget}
    />
  );
}

/**
 * /bookings/{reference}: a booking's status page. Opens for anyone with the e-mailed
 * link's token (?token=, no account needed), or for its signed-in customer without one; a visitor
 * without a token is sent to sign in first. The state, the event, the quote and what is paid, the
 * history; the deposit or balance paid here; cancelling under the owner's policy.
 */
export default function BookingStatusPage() {
  const { reference = '' } = useParams();
  const { token, user, here, waitForUser, load, signIn } = useLinkAccess();
  useDocumentTitle(`Booking ${reference.toUpperCase()}`);
  const query = useBooking(reference, token, user?.id ?? null, load);

  return (
    <LinkPage
      signIn={signIn}
      waitForUser={waitForUser}
      className="booking-page"
      back={<p className="booking-page__back">{user ? <Link to="/account">Your bookings</Link> : <Link to="/events">Events</Link>}</p>}
    >
      {query.isPending ? (
        <LinkPageLoading label="Loading your booking" />
      ) : query.isError ? (
        <BookingProblem error={query.error} signedIn={!!user} signInTarget={here} onRetry={() => void query.refetch()} />
      ) : (
        <BookingBody booking={query.data} token={token} userId={user?.id ?? null} />
      )}
    </LinkPage>
  );
}
