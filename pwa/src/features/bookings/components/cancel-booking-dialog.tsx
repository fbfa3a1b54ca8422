import { useId, useState } from 'react';
import { BOOKING_NOTE_MAX, type BookingView, formatCents } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { Dialog } from '../../../ui/dialog';

/** What the policy gives back, in the customer's words. */
export function refundSentence(booking: BookingView): string {
  const paid = booking.depositPaidCents + booking.balancePaidCents - booking.refundedCents;
  const refund = booking.cancellation.refundCents;
  if (paid <= 0) return 'Nothing has been paid, so there is nothing to refund.';
  if (refund >= paid) return `You would get back everything you paid: ${formatCents(refund)}.`;
  if (refund > 0) return `You would get back ${formatCents(refund)}; the deposit of ${formatCents(paid - refund)} is kept.`;
  return `Under this policy your deposit of ${formatCents(paid)} is kept: nothing would be refunded.`;
}

interface Props {
  booking: BookingView;
  busy: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** The confirmation before a customer cancels: the owner's policy, the refund it gives today, an optional reason. */
export function CancelBookingDialog({ booking, busy, error, onConfirm, onClose }: Props) {
  const messageId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      title={`Cancel booking ${booking.reference}?`}
      onClose={onClose}
      busy={busy}
      role="alertdialog"
      describedBy={messageId}
      className="booking-dialog"
      closeButton={false}
      initialFocus="[data-autofocus]"
    >
      <div id={messageId}>
        <p>{booking.cancellation.policy}</p>
        <p>
          <strong>{refundSentence(booking)}</strong>
        </p>
      </div>
      <Field id={reasonId} label="Reason (optional)">
        <textarea {...describedBy(reasonId)} rows={2} maxLength={BOOKING_NOTE_MAX} value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} />
      </Field>
      {!!error && (
        <p className="field__error" role="alert">
          {messageOf(error, 'The booking could not be cancelled. Please try again.')}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="btn btn--outline" onClick={onClose} disabled={busy} data-autofocus>
          Keep booking
        </button>
        <button type="button" className="btn btn--primary booking-dialog__danger" onClick={() => onConfirm(reason)} disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel booking'}
        </button>
      </div>
    </Dialog>
  );
}
