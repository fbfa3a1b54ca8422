import { Injectable } from '@nestjs/common';
import { type AdminOrderDetail, canMoveFulfilment, FULFILMENT_ADMIN_LABELS, type FulfilmentMove, type FulfilmentStatus, trackingUrlFor } from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { claimChangeKey } from '../common/change-key';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { AdminOrdersService } from './admin-orders.service';
import { OrderEvent } from './order-event.entity';
import { OrderMailService } from './order-mail.service';
import type { OrderStatus } from './order.entity';

export interface LockedForFulfilment {
  id: string;
  status: OrderStatus;
  fulfilment_status: FulfilmentStatus | null;
  test_mode: boolean;
  payment_id: string | null;
  total_cents: number;
  refunded_cents: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Locks the order row for a move by the owner; 404 when there is none. */
export async function lockForFulfilment(manager: EntityManager, orderId: string): Promise<LockedForFulfilment> {
  const rows: LockedForFulfilment[] = UUID.test(orderId)
    ? await manager.query(`SELECT id, status, fulfilment_status, test_mode, payment_id, total_cents, refunded_cents FROM orders WHERE id = $1 FOR UPDATE`, [orderId])
    : [];
  if (!rows[0]) throw new NotFoundError('Order not found', 'ORDER_NOT_FOUND');
  return { ...rows[0], total_cents: Number(rows[0].total_cents), refunded_cents: Number(rows[0].refunded_cents) };
}

/** While a refund waits for Square's answer, the order does not move (a cancel could race a shipment). */
export async function assertNoRefundInFlight(manager: EntityManager, orderId: string): Promise<void> {
  const rows: { amount_cents: number }[] = await manager.query(`SELECT amount_cents FROM order_refunds WHERE order_id = $1 AND status = 'PENDING' AND square_refund_id IS NULL`, [orderId]);
  if (rows.length > 0) {
    throw new ConflictError('A refund of this order is still waiting for Square’s answer. Retry it from the refunds list first.', 'REFUND_IN_FLIGHT');
  }
}

/**
 * The owner's fulfilment moves (POST /api/admin/orders/{id}/fulfilment): packed, shipped (carrier
 * and tracking), delivered, as FULFILMENT_MOVES in shared-types allows. Each move is one
 * transaction: the order row (locked), the customer's e-mail queued (shipped, delivered; packing
 * is the shop's own business and sends none) and the `order_events` row saying who moved it.
 * Cancelling refunds, so it is OrderRefundsService.cancel.
 */
@Injectable()
export class OrderFulfilmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: OrderMailService,
    private readonly orders: AdminOrdersService,
  ) {}

  /** `changeKey`: the tablet's id for this move; a move already made under it answers the order as it is. */
  async move(orderId: string, move: FulfilmentMove, actor: string, changeKey?: string): Promise<AdminOrderDetail> {
    const mailer = await this.mail.prepare();
    return this.dataSource.transaction(async (manager) => {
      const order = await lockForFulfilment(manager, orderId);
      if (!(await claimChangeKey(manager, changeKey, `order-fulfilment:${order.id}`))) return this.orders.detail(order.id, manager);
      const from = order.fulfilment_status;
      if (order.status !== 'COMPLETED' || !canMoveFulfilment(from, move.to)) {
        const now = from ? `“${FULFILMENT_ADMIN_LABELS[from]}”` : 'not paid yet';
        throw new ConflictError(`This order cannot be marked “${FULFILMENT_ADMIN_LABELS[move.to]}”: it is ${now}.`, 'ILLEGAL_FULFILMENT_MOVE');
      }
      await assertNoRefundInFlight(manager, order.id);
      if (move.to === 'shipped') {
        const carrier = move.carrier ?? 'Other';
        const trackingUrl = carrier === 'Other' ? (move.trackingUrl ?? null) : null;
        await manager.query(
          `UPDATE orders SET fulfilment_status = 'shipped', carrier = $2, tracking_number = $3, tracking_url = $4, shipped_at = now(), updated_at = now() WHERE id = $1`,
          [order.id, carrier, move.trackingNumber ?? null, trackingUrl],
        );
        await mailer.toCustomer(manager, order.id, 'order-shipped', {
          carrier,
          trackingNumber: move.trackingNumber ?? '',
          trackingUrl: trackingUrlFor(carrier, move.trackingNumber, trackingUrl),
        });
      } else {
        const deliveredAt = move.to === 'delivered' ? 'now()' : 'delivered_at';
        await manager.query(`UPDATE orders SET fulfilment_status = $2, delivered_at = ${deliveredAt}, updated_at = now() WHERE id = $1`, [order.id, move.to]);
        if (move.to === 'delivered') await mailer.toCustomer(manager, order.id, 'order-delivered', {});
      }
      const detail: OrderEvent['detail'] = move.to === 'shipped' ? { carrier: move.carrier ?? 'Other', trackingNumber: move.trackingNumber ?? null } : {};
      await manager.insert(OrderEvent, { orderId: order.id, type: 'fulfilment', fromStatus: from, toStatus: move.to, source: 'admin', actor, detail });
      return this.orders.detail(order.id, manager);
    });
  }
}
