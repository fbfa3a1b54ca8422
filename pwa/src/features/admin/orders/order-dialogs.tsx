import { useId, useState } from 'react';
import {
  type AdminOrderDetail,
  CARRIERS,
  type Carrier,
  formatCents,
  fulfilmentMoveSchema,
  linesRefundCents,
  REFUND_REASON_MAX,
  type RefundOrderInput,
  refundOrderSchema,
  toCents,
} from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useCancelOrder } from './api/cancel';
import { useMoveFulfilment } from './api/move-fulfilment';
import { useRefundOrder } from './api/refund';
import { ConfirmDialog, FormDialog } from '../shared/dialog';
import { fieldErrors } from '../shared/field-errors';
import { Segment } from '../shared/segment';

/** The reason a cancel or a refund gives the customer. */
function ReasonField(props: { id: string; error?: string; value: string; onValue: (value: string) => void }) {
  return <TextAreaField {...props} label="Reason (the customer sees it)" rows={2} maxLength={REFUND_REASON_MAX} />;
}

/** Marking shipped: the carrier (a touch-friendly select), the tracking number, and for Other an optional link. */
export function ShipDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const move = useMoveFulfilment(order.id);
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { carrier: useId(), number: useId(), url: useId() };

  const submit = () => {
    const body = {
      to: 'shipped' as const,
      carrier: carrier || undefined,
      trackingNumber: trackingNumber || undefined,
      trackingUrl: carrier === 'Other' && trackingUrl ? trackingUrl : undefined,
    };
    const parsed = fulfilmentMoveSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    move.mutate(body, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={`Mark order #${order.number} shipped`}
      onClose={onClose}
      busy={move.isPending}
      onSubmit={submit}
      actions={{ confirmLabel: 'Mark shipped', busyLabel: 'Saving...' }}
    >
      <Field id={ids.carrier} label="Carrier" error={errors.carrier}>
        <select {...describedBy(ids.carrier, errors.carrier)} value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier | '')}>
          <option value="">Choose the carrier</option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={ids.number}
        label={carrier === 'Other' ? 'Tracking number (if any)' : 'Tracking number'}
        error={errors.trackingNumber}
        value={trackingNumber}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onValue={setTrackingNumber}
      />
      {carrier === 'Other' && (
        <TextField
          id={ids.url}
          label="Tracking link (optional)"
          error={errors.trackingUrl}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={trackingUrl}
          onValue={setTrackingUrl}
        />
      )}
      <p className="muted">The customer is e-mailed the carrier and the tracking link.</p>
    </FormDialog>
  );
}

const paidBy = (order: AdminOrderDetail) =>
  order.testMode ? 'recorded as refunded (a test payment: nothing was charged)' : "refunded to the customer's card through Square";

/** Cancelling: the confirmation itself, with the reason the customer reads and whether the items go back into stock. */
export function CancelDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState<string>();
  const reasonId = useId();
  const refundable = order.totals.refundableCents;

  return (
    <ConfirmDialog
      title={`Cancel order #${order.number}?`}
      message={
        <>
          <p>The order will not ship and the customer is e-mailed.</p>
          <p>{refundable > 0 ? `${formatCents(refundable)} (everything not refunded yet) is ${paidBy(order)}.` : 'Nothing is left to refund.'}</p>
        </>
      }
      confirmLabel={refundable > 0 ? `Cancel and refund ${formatCents(refundable)}` : 'Cancel order'}
      busyLabel="Cancelling..."
      busy={cancel.isPending}
      cancelLabel="Keep order"
      onCancel={onClose}
      onConfirm={() => {
        if (!reason.trim()) return setError('Please give a reason');
        setError(undefined);
        cancel.mutate({ reason, restock }, { onSuccess: onClose });
      }}
    >
      <ReasonField id={reasonId} error={error} value={reason} onValue={setReason} />
      <label className="admin-switch">
        <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
        Put the items back in stock
      </label>
    </ConfirmDialog>
  );
}

type RefundMode = 'full' | 'lines' | 'amount';
const MODES: ReadonlyArray<{ id: RefundMode; label: string }> = [
  { id: 'full', label: 'Full refund' },
  { id: 'lines', label: 'By line' },
  { id: 'amount', label: 'Amount' },
];

/** The lines still refundable, each with how many are left. */
const refundableLines = (order: AdminOrderDetail) =>
  order.lines.map((line) => ({ line, left: line.quantity - line.refundedQuantity })).filter((l) => l.left > 0);

/**
 * Refunding: everything left, some lines (their price plus tax), or an amount; never above what
 * remains, which the dialog shows. A review step confirms the amount before anything is sent.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const [mode, setMode] = useState<RefundMode>('full');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [dollars, setDollars] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<{ body: RefundOrderInput; cents: number } | null>(null);
  const ids = { reason: useId(), amount: useId() };
  const refundable = order.totals.refundableCents;
  const left = refundableLines(order);

  const build = (): { body: RefundOrderInput; cents: number } | string => {
    const base = { reason, restock };
    if (mode === 'full') {
      const lines = left.map(({ line, left: quantity }) => ({ itemId: line.id, quantity }));
      return { body: { ...base, amountCents: refundable, ...(lines.length ? { lines } : {}), restock: restock && lines.length > 0 }, cents: refundable };
    }
    if (mode === 'lines') {
      const chosen = left.filter(({ line }) => (quantities[line.id] ?? 0) > 0);
      if (!chosen.length) return 'Choose at least one item to refund';
      const cents = linesRefundCents(
        chosen.map(({ line }) => ({ unitPriceCents: line.unitPriceCents, quantity: quantities[line.id] })),
        order.totals,
      );
      if (cents > refundable) return `These items come to ${formatCents(cents)}, more than the ${formatCents(refundable)} left to refund`;
      return { body: { ...base, lines: chosen.map(({ line }) => ({ itemId: line.id, quantity: quantities[line.id] })) }, cents };
    }
    const value = Number(dollars);
    if (!dollars.trim() || !Number.isFinite(value) || value <= 0) return 'Enter an amount in dollars, e.g. 5.00';
    const cents = toCents(value);
    if (Math.abs(value * 100 - cents) > 1e-6) return 'Use at most two decimals';
    if (cents > refundable) return `At most ${formatCents(refundable)} can be refunded`;
    return { body: { ...base, amountCents: cents, restock: false }, cents };
  };

  const next = () => {
    const built = build();
    if (typeof built === 'string') return setErrors({ amountCents: built });
    const parsed = refundOrderSchema.safeParse(built.body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setReview(built);
  };

  if (review) {
    return (
      <ConfirmDialog
        title={`Refund ${formatCents(review.cents)}?`}
        message={
          <>
            <p>
              {formatCents(review.cents)} of order #{order.number} is {paidBy(order)}, and the customer is e-mailed.
            </p>
            {review.body.restock && <p>The refunded items go back into stock.</p>}
            <p>Reason: {review.body.reason}</p>
          </>
        }
        confirmLabel={`Refund ${formatCents(review.cents)}`}
        busyLabel="Refunding..."
        busy={refund.isPending}
        cancelLabel="Back"
        onCancel={() => setReview(null)}
        onConfirm={() => refund.mutate(review.body, { onSuccess: onClose })}
      />
    );
  }

  return (
    <FormDialog
      title={`Refund order #${order.number}`}
      onClose={onClose}
      wide
      onSubmit={next}
      actions={{ confirmLabel: 'Review refund', disabled: refundable === 0 }}
    >
      <p className="orders-remaining">
        Up to <strong>{formatCents(refundable)}</strong> can be refunded (paid {formatCents(order.totals.totalCents)}, refunded{' '}
        {formatCents(order.totals.refundedCents)}
        {order.totals.pendingRefundCents > 0 ? `, ${formatCents(order.totals.pendingRefundCents)} on its way` : ''}).
      </p>
      <Segment label="What to refund" choices={MODES} value={mode} onChange={setMode} />
      {mode === 'full' && <p>Everything left: {formatCents(refundable)}, shipping included.</p>}
      {mode === 'lines' && (
        <fieldset className="admin-fieldset">
          <legend>Items to refund (price plus tax)</legend>
          {left.length === 0 && <p className="muted">Every item has been refunded already.</p>}
          {left.map(({ line, left: most }) => (
            <label key={line.id} className="orders-refund-line">
              <span>
                {line.name}{' '}
                <span className="muted">
                  ({formatCents(line.unitPriceCents)} each, {most} refundable)
                </span>
              </span>
              <select
                aria-label={`How many ${line.name} to refund`}
                value={quantities[line.id] ?? 0}
                onChange={(e) => setQuantities({ ...quantities, [line.id]: Number(e.target.value) })}
              >
                {Array.from({ length: most + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {mode === 'amount' && (
        <TextField
          id={ids.amount}
          label="Amount to refund ($)"
          error={errors.amountCents}
          inputMode="decimal"
          value={dollars}
          placeholder="0.00"
          onValue={setDollars}
        />
      )}
      {mode !== 'amount' && errors.amountCents && (
        <p className="field__error" role="alert">
          {errors.amountCents}
        </p>
      )}
      <ReasonField id={ids.reason} error={errors.reason} value={reason} onValue={setReason} />
      {mode !== 'amount' && (
        <label className="admin-switch">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          Put the refunded items back in stock
        </label>
      )}
    </FormDialog>
  );
}
