import { useId, useState } from 'react';
import {
  type AdminBookingDetail,
  BOOKING_NOTE_MAX,
  BOOKING_TRACKER_CHOICES,
  BOOKING_TRACKER_LABELS,
  bookingAcceptSchema,
  type BookingRescheduled,
  bookingRescheduleSchemaFor,
  type BookingTrackerChoice,
  bookingAdminCancelSchema,
  bookingDeclineSchema,
  dayIn,
  formatCents,
  fromCents,
  splitQuote,
  toCents,
} from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { useMoveBooking } from './api/move';
import { useRescheduleBooking } from './api/reschedule';
import { FormDialog } from '../shared/dialog';
import { fieldErrors } from '../shared/field-errors';
import { LabelledOptions } from '../../../ui/labelled-options';
import { TextAreaField, TextField } from '../../../ui/text-field';

/** Dollars as typed ('1,250.50') to cents; null when it is not an amount with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const typed = text.trim().replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return null;
  return toCents(Number(typed));
}

const dollars = (cents: number) => fromCents(cents).toFixed(2);

/**
 * Accepting: the estimate as the quote, or the owner's own; the deposit and balance follow the
 * booking's percentage (the shared rule). The customer is e-mailed the quote, the note and the link
 * to pay the deposit.
 */
export function AcceptDialog({ booking, onClose }: { booking: AdminBookingDetail; onClose: () => void }) {
  const move = useMoveBooking(booking.id);
  const [quote, setQuote] = useState(dollars(booking.quoteCents));
  const [note, setNote] = useState('');
  const [tracker, setTracker] = useState<BookingTrackerChoice>(booking.tracker);
  const [error, setError] = useState<string>();
  const ids = { quote: useId(), note: useId(), tracker: useId() };
  const cents = dollarsToCents(quote);
  const split = cents !== null ? splitQuote(cents, booking.depositPercent) : null;

  const submit = () => {
    if (cents === null) return setError('Enter the quote in dollars, e.g. 650.00');
    const body = { quoteCents: cents === booking.quoteCents ? undefined : cents, note: note.trim() || null, tracker };
    const parsed = bookingAcceptSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    move.mutate({ kind: 'accept', body }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={`Accept booking ${booking.reference}`}
      onClose={onClose}
      busy={move.isPending}
      onSubmit={submit}
      actions={{ confirmLabel: 'Accept and send quote', busyLabel: 'Sending...' }}
    >
      <p className="muted">
        The estimate was {formatCents(booking.quoteCents)} for {booking.guests} guests ({booking.packageName}). Change it to quote your own price.
      </p>
      <TextField id={ids.quote} label="Quote ($)" error={error} inputMode="decimal" value={quote} onValue={setQuote} />
      {split && (
        <p className="bookings-split" aria-live="polite">
          Deposit ({booking.depositPercent}%): <strong>{formatCents(split.depositCents)}</strong> · balance {formatCents(split.balanceCents)}
        </p>
      )}
      <TextAreaField id={ids.note} label="Note to the customer (optional)" rows={3} maxLength={BOOKING_NOTE_MAX} value={note} onValue={setNote} />
      <TrackerSelect id={ids.tracker} value={tracker} onChange={setTracker} />
      <p className="muted">The customer is e-mailed the quote and a link to pay the deposit.</p>
    </FormDialog>
  );
}

/** Whether a booking shows on the tracker once confirmed: not shown, public (title and place) or "Private event". */
export function TrackerSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: BookingTrackerChoice;
  onChange: (value: BookingTrackerChoice) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Field id={id} label="Show on the tracker">
        <select
          {...describedBy(id)}
          aria-describedby={`${id}-hint`}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as BookingTrackerChoice)}
        >
          <LabelledOptions values={BOOKING_TRACKER_CHOICES} labels={BOOKING_TRACKER_LABELS} />
        </select>
      </Field>
      <p className="muted" id={`${id}-hint`}>
        Shown once the booking is confirmed. Private shows only “Private event”, without the place.
      </p>
    </>
  );
}

/** Declining: a message the customer reads (required). */
export function DeclineDialog({ booking, onClose }: { booking: AdminBookingDetail; onClose: () => void }) {
  const move = useMoveBooking(booking.id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const messageId = useId();
  const submit = () => {
    const parsed = bookingDeclineSchema.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    move.mutate({ kind: 'decline', body: parsed.data }, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={`Decline booking ${booking.reference}?`}
      onClose={onClose}
      busy={move.isPending}
      onSubmit={submit}
      actions={{ confirmLabel: 'Decline and send', busyLabel: 'Declining...', tone: 'danger', cancelLabel: 'Keep request' }}
    >
      <TextAreaField id={messageId} label="Message to the customer" error={error} rows={4} maxLength={BOOKING_NOTE_MAX} value={message} onValue={setMessage} />
    </FormDialog>
  );
}

/**
 * The owner cancels: a refund of their choosing, at most what is paid and not refunded (all of it
 * to start with; the customer's policy amount is shown beside it), and a message the customer reads.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: AdminBookingDetail; onClose: () => void }) {
  const move = useMoveBooking(booking.id);
  const [refund, setRefund] = useState(dollars(booking.refundableCents));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ refundCents?: string; message?: string }>({});
  const ids = { refund: useId(), message: useId(), info: useId() };
  const cents = dollarsToCents(refund);

  const submit = () => {
    if (cents === null) return setErrors({ refundCents: 'Enter the refund in dollars, e.g. 0.00' });
    if (cents > booking.refundableCents) return setErrors({ refundCents: `At most ${formatCents(booking.refundableCents)} can be refunded` });
    const parsed = bookingAdminCancelSchema.safeParse({ refundCents: cents, message });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    move.mutate({ kind: 'cancel', body: parsed.data }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={`Cancel booking ${booking.reference}?`}
      onClose={onClose}
      busy={move.isPending}
      role="alertdialog"
      describedBy={ids.info}
      onSubmit={submit}
      actions={{
        confirmLabel: cents ? `Cancel and refund ${formatCents(cents)}` : 'Cancel booking',
        busyLabel: 'Cancelling...',
        tone: 'danger',
        cancelLabel: 'Keep booking',
        autofocusCancel: true,
      }}
    >
      <div id={ids.info} className="admin-confirm__message">
        <p>The date is freed and the customer is e-mailed.</p>
        <p>
          Paid and not refunded: <strong>{formatCents(booking.refundableCents)}</strong>. Under your policy a customer cancelling today would get{' '}
          {formatCents(booking.policyRefundCents)}.
        </p>
      </div>
      {booking.refundableCents > 0 && (
        <TextField id={ids.refund} label="Refund ($)" error={errors.refundCents} inputMode="decimal" value={refund} onValue={setRefund} />
      )}
      <TextAreaField
        id={ids.message}
        label="Message to the customer"
        error={errors.message}
        rows={3}
        maxLength={BOOKING_NOTE_MAX}
        value={message}
        onValue={setMessage}
      />
    </FormDialog>
  );
}

type RescheduleField = 'date' | 'startTime' | 'endTime' | 'note';

/**
 * Changing the date: the day and times (the shop's wall clock) and a note the customer reads in the
 * e-mail, checked by the same schema as the server (today or later in the shop's zone). A day
 * another booking holds, or any other refusal, is shown here; a day the owner blocked or one inside
 * their lead time is allowed, and the detail shows the warning after (`onMoved`).
 */
export function RescheduleDialog({
  booking,
  onClose,
  onMoved,
}: {
  booking: AdminBookingDetail;
  onClose: () => void;
  onMoved: (warnings: BookingRescheduled['warnings']) => void;
}) {
  const reschedule = useRescheduleBooking(booking.id);
  const [form, setForm] = useState({ date: booking.date, startTime: booking.startTime, endTime: booking.endTime, note: '' });
  const [errors, setErrors] = useState<Partial<Record<RescheduleField | 'form', string>>>({});
  const ids = { date: useId(), startTime: useId(), endTime: useId(), note: useId(), info: useId() };
  const today = dayIn(new Date(), booking.timeZone);
  const set = (field: RescheduleField) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
  const confirmed = booking.state === 'confirmed' || booking.state === 'balance_due';

  const submit = () => {
    const body = { ...form, note: form.note.trim() || null };
    const parsed = bookingRescheduleSchemaFor({ today }).safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    if (parsed.data.date === booking.date && parsed.data.startTime === booking.startTime && parsed.data.endTime === booking.endTime) {
      return setErrors({ form: 'That is the date and time the booking has now: choose a new date or time.' });
    }
    setErrors({});
    reschedule.mutate(body, {
      onSuccess: (answer) => {
        onMoved(answer.warnings);
        onClose();
      },
      onError: (error) => setErrors({ form: messageOf(error, 'Could not change the date. Please check your connection and try again.') }),
    });
  };

  return (
    <FormDialog
      title={`Change the date of booking ${booking.reference}`}
      onClose={onClose}
      busy={reschedule.isPending}
      describedBy={ids.info}
      onSubmit={submit}
      error={errors.form}
      actions={{ confirmLabel: 'Move booking', busyLabel: 'Moving...', cancelLabel: 'Keep the date' }}
    >
      <p id={ids.info} className="muted">
        The customer is e-mailed the new date and time{confirmed ? ', with the updated calendar invitation' : ''}.
        {booking.stopId !== null ? ' Its stop on the tracker moves with it.' : ''}
      </p>
      <Field id={ids.date} label="Date" error={errors.date}>
        <input {...describedBy(ids.date, errors.date)} type="date" min={today} value={form.date} onChange={set('date')} />
      </Field>
      <Field id={ids.startTime} label="Start time" error={errors.startTime}>
        <input {...describedBy(ids.startTime, errors.startTime)} type="time" value={form.startTime} onChange={set('startTime')} />
      </Field>
      <Field id={ids.endTime} label="End time" error={errors.endTime}>
        <input
          {...describedBy(ids.endTime, errors.endTime)}
          aria-describedby={errors.endTime ? `${ids.endTime}-error ${ids.endTime}-hint` : `${ids.endTime}-hint`}
          type="time"
          value={form.endTime}
          onChange={set('endTime')}
        />
      </Field>
      <p className="muted" id={`${ids.endTime}-hint`}>
        An end time earlier than the start is the next day (past midnight).
      </p>
      <Field id={ids.note} label="Note to the customer (optional)" error={errors.note}>
        <textarea {...describedBy(ids.note, errors.note)} rows={3} maxLength={BOOKING_NOTE_MAX} value={form.note} onChange={set('note')} />
      </Field>
    </FormDialog>
  );
}
