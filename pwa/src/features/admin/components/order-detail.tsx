import { useState } from 'react';
import {
  formatCents,
  FULFILMENT_ACTION_LABELS,
  FULFILMENT_ADMIN_LABELS,
  FULFILMENT_MOVES,
  FULFILMENT_TARGETS,
  type FulfilmentStatus,
  type FulfilmentTarget,
  isBeforeShipping,
  type OrderTimelineEntry,
} from '@cocoa/shared-types';
import { useAdminOrder, useMoveFulfilment, useRetryRefund } from '../api/orders';
import { formatDateTime } from '../lib/format';
import { ConfirmDialog } from './dialog';
import { CancelDialog, RefundDialog, ShipDialog } from './order-dialogs';
import { addressLines, copyAddress, PackingSlip } from './packing-slip';
import { DetailState } from './detail-state';

const label = (status: string | null) => (status && status in FULFILMENT_ADMIN_LABELS ? FULFILMENT_ADMIN_LABELS[status as FulfilmentStatus] : (status ?? '—'));
const money = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '');

/** One audit row in words: what happened, from what to what. */
export function describeEvent(e: OrderTimelineEntry): string {
  const d = e.detail;
  switch (e.type) {
    case 'placed':
      return 'Order placed (waiting for the payment)';
    case 'paid':
      return 'Payment completed';
    case 'payment-approved':
      return 'Payment approved, not captured yet';
    case 'canceled':
      return 'Payment canceled';
    case 'fulfilment':
      return `${label(e.from)} → ${label(e.to)}${d.carrier ? ` (${String(d.carrier)}${d.trackingNumber ? ` ${String(d.trackingNumber)}` : ''})` : ''}`;
    case 'cancelled':
      return `Cancelled: ${String(d.reason ?? '')}${typeof d.amountCents === 'number' && d.amountCents > 0 ? `, ${money(d.amountCents)} refunded` : ''}${d.restocked ? ', items back in stock' : ''}`;
    case 'refund-requested':
      return `Refund of ${money(d.amountCents)} asked of Square`;
    case 'refunded':
      return `Refunded ${money(d.amountCents)}${d.status === 'PENDING' ? ' (Square is processing it)' : ''}: ${String(d.reason ?? '')}${d.restocked ? ', items back in stock' : ''}`;
    case 'refund-failed':
      return `Refund of ${money(d.amountCents)} failed: ${String(d.message ?? d.code ?? '')}`;
    case 'refund':
      return `Square reports a refund of ${money(d.amountCents)}: ${String(d.status ?? '')}`;
    default:
      return e.type;
  }
}

const actorLabel = (actor: string) => (actor.startsWith('admin:') ? actor.slice('admin:'.length) : actor === 'checkout' ? 'Checkout' : actor === 'webhook' ? 'Square' : actor === 'reconciler' ? 'Payment check' : actor);

type Open = 'ship' | 'cancel' | 'refund' | 'delivered' | null;

/**
 * One order for the owner: what to do next (only the moves the states allow), the items, totals,
 * address (copy it, print the packing slip), payment reference, shipment, refunds and the
 * timeline of every change with who made it.
 */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useAdminOrder(id);
  const move = useMoveFulfilment(id);
  const retry = useRetryRefund(id);
  const [open, setOpen] = useState<Open>(null);
  const back = (
    <button type="button" className="btn btn--outline orders-back" onClick={onBack}>
      ← All orders
    </button>
  );

  if (!query.isSuccess) return <DetailState query={query} back={back} noun="order" />;

  const order = query.data;
  const status = order.fulfilmentStatus;
  // The moves the states allow from here; cancelling has its own button (it refunds).
  const next = status && order.status === 'COMPLETED' ? FULFILMENT_MOVES[status].filter((to): to is FulfilmentTarget => (FULFILMENT_TARGETS as readonly string[]).includes(to)) : [];
  const busy = move.isPending;
  const { totals, shipment } = order;

  return (
    <div className="admin-stack orders-detail">
      {back}
      <section className="card admin-card" aria-labelledby="order-detail-title">
        <div className="admin-card__head">
          <h2 id="order-detail-title">
            Order #{order.number}
            {order.testMode && (
              <span className="badge badge--test" title="Placed in test mode: nothing was charged">
                TEST
              </span>
            )}
          </h2>
          <span className={`orders-state orders-state--${status ?? 'none'}`}>{status ? FULFILMENT_ADMIN_LABELS[status] : `Payment ${order.status.toLowerCase()}`}</span>
        </div>
        <p className="muted">
          Placed {formatDateTime(order.createdAt)} by {order.shipping.name} · {order.email}
          {order.userId === null ? ' (guest)' : ''}
        </p>
        <div className="admin-actions" role="group" aria-label="Next steps">
          {next.map((to) => (
            <button
              key={to}
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => (to === 'shipped' ? setOpen('ship') : to === 'delivered' ? setOpen('delivered') : move.mutate({ to }))}
            >
              {FULFILMENT_ACTION_LABELS[to]}
            </button>
          ))}
          {order.status === 'COMPLETED' && isBeforeShipping(status) && (
            <button type="button" className="btn btn--danger" onClick={() => setOpen('cancel')}>
              Cancel order
            </button>
          )}
          {totals.refundableCents > 0 && (
            <button type="button" className="btn btn--outline" onClick={() => setOpen('refund')}>
              Refund
            </button>
          )}
          {next.length === 0 && !isBeforeShipping(status) && totals.refundableCents === 0 && <p className="muted">Nothing left to do for this order.</p>}
        </div>
      </section>

      <div className="orders-detail__grid">
        <section className="card admin-card" aria-labelledby="order-ship-to">
          <h2 id="order-ship-to">Ship to</h2>
          <address className="orders-address">
            {addressLines(order).map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>{order.shipping.phone}</span>
          </address>
          <div className="admin-actions">
            <button type="button" className="btn btn--outline" onClick={() => void copyAddress(order)}>
              Copy address
            </button>
            <button type="button" className="btn btn--outline" onClick={() => window.print()}>
              Print packing slip
            </button>
          </div>
        </section>

        <section className="card admin-card" aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          <dl className="admin-meta">
            <div>
              <dt>Paid with</dt>
              <dd>{order.payment.provider === 'test' ? 'Test card (nothing charged)' : 'Square'}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd className="admin-break">{order.payment.paymentId ?? '—'}</dd>
            </div>
            {order.payment.squareOrderId && (
              <div>
                <dt>Square order</dt>
                <dd className="admin-break">{order.payment.squareOrderId}</dd>
              </div>
            )}
            <div>
              <dt>Status</dt>
              <dd>{order.payment.paymentStatus ?? order.status}</dd>
            </div>
          </dl>
          {shipment.carrier && (
            <>
              <h3>Shipment</h3>
              <dl className="admin-meta">
                <div>
                  <dt>Carrier</dt>
                  <dd>{shipment.carrier}</dd>
                </div>
                {shipment.trackingNumber && (
                  <div>
                    <dt>Tracking</dt>
                    <dd className="admin-break">
                      {shipment.trackingUrl ? (
                        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                          {shipment.trackingNumber}
                        </a>
                      ) : (
                        shipment.trackingNumber
                      )}
                    </dd>
                  </div>
                )}
                {!shipment.trackingNumber && shipment.trackingUrl && (
                  <div>
                    <dt>Tracking</dt>
                    <dd className="admin-break">
                      <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                        Tracking page
                      </a>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Shipped</dt>
                  <dd>{formatDateTime(shipment.shippedAt) || '—'}</dd>
                </div>
                {shipment.deliveredAt && (
                  <div>
                    <dt>Delivered</dt>
                    <dd>{formatDateTime(shipment.deliveredAt)}</dd>
                  </div>
                )}
              </dl>
            </>
          )}
        </section>
      </div>

      <section className="card admin-card" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.name}
                    {line.refundedQuantity > 0 && <span className="admin-table__sub muted">{line.refundedQuantity} refunded</span>}
                  </td>
                  <td>{line.quantity}</td>
                  <td className="admin-table__nowrap">{formatCents(line.unitPriceCents)}</td>
                  <td className="admin-table__nowrap">{formatCents(line.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="orders-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(totals.subtotalCents)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{formatCents(totals.shippingCents)}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(totals.taxCents)}</dd>
          </div>
          <div className="orders-totals__total">
            <dt>Total</dt>
            <dd>{formatCents(totals.totalCents)}</dd>
          </div>
          {totals.refundedCents > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>−{formatCents(totals.refundedCents)}</dd>
            </div>
          )}
          {totals.pendingRefundCents > 0 && (
            <div>
              <dt>Refunds on their way</dt>
              <dd>−{formatCents(totals.pendingRefundCents)}</dd>
            </div>
          )}
          <div>
            <dt>Left to refund</dt>
            <dd data-testid="order-refundable">{formatCents(totals.refundableCents)}</dd>
          </div>
        </dl>
      </section>

      {order.refunds.length > 0 && (
        <section className="card admin-card" aria-labelledby="order-refunds">
          <h2 id="order-refunds">Refunds</h2>
          <ul className="admin-rows">
            {order.refunds.map((r) => (
              <li key={r.id} className="admin-row">
                <span className="admin-row__main">
                  <span className="admin-row__title">
                    {formatCents(r.amountCents)} · {r.status === 'PENDING' && !r.squareRefundId ? 'No answer from Square yet' : r.status.toLowerCase()}
                  </span>
                  <span className="admin-row__meta muted">
                    {formatDateTime(r.createdAt)} · {actorLabel(r.createdBy)} · {r.reason ?? ''}
                    {r.restocked ? ' · back in stock' : ''}
                  </span>
                </span>
                {r.status === 'PENDING' && !r.squareRefundId && (
                  <button type="button" className="btn btn--outline" disabled={retry.isPending} onClick={() => retry.mutate(r.id)}>
                    {retry.isPending ? 'Asking Square...' : 'Retry'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card admin-card" aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <ol className="orders-timeline">
          {order.timeline.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <span className="orders-timeline__what">{describeEvent(e)}</span>
              <span className="orders-timeline__who muted">by {actorLabel(e.actor)}</span>
            </li>
          ))}
        </ol>
      </section>

      <PackingSlip order={order} />
      {open === 'ship' && <ShipDialog order={order} onClose={() => setOpen(null)} />}
      {open === 'cancel' && <CancelDialog order={order} onClose={() => setOpen(null)} />}
      {open === 'refund' && <RefundDialog order={order} onClose={() => setOpen(null)} />}
      {open === 'delivered' && (
        <ConfirmDialog
          title={`Mark order #${order.number} delivered?`}
          message={<p>The customer is e-mailed that the parcel has arrived. This cannot be undone.</p>}
          confirmLabel="Mark delivered"
          busyLabel="Saving..."
          destructive={false}
          busy={busy}
          onCancel={() => setOpen(null)}
          onConfirm={() => move.mutate({ to: 'delivered' }, { onSettled: () => setOpen(null) })}
        />
      )}
    </div>
  );
}
