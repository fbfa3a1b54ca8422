import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { BOOKING_NOTE_MAX, type BookingView, formatCents } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { useFocusTrap } from '../../../ui/use-focus-trap';

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
  const titleId = useId();
  const messageId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const panel = useFocusTrap<HTMLDivElement>(true, () => !busy && onClose(), '[data-autofocus]');
  return createPortal(
    <div className="modal-root">
      <div className="drawer-backdrop" aria-hidden="true" onClick={() => !busy && onClose()} />
      <div ref={panel} className="modal card booking-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} tabIndex={-1}>
        <h2 id={titleId}>Cancel booking {booking.reference}?</h2>
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
      </div>
    </div>,
    document.body,
  );
}
