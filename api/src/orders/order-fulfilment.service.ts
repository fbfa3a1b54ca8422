import { Injectable } from '@nestjs/common';
import { type AdminOrderDetail, type FulfilmentMove, type FulfilmentStatus, type PickupStatus } from '@cocoa/shared-types';
import type { EntityManager } from 'typeorm';
import { claimChangeKey } from '../common/change-key';
import { ConflictError } from '../common/domain-errors';
import { StateMachineService } from '../state-machine/state-machine.service';
import { AdminOrdersService } from './admin-orders.service';
import { OrderMailService } from './order-mail.service';
import { ORDER_FULFILMENT, orderNotFound } from './order-states';
import type { OrderStatus } from './order.entity';

export interface LockedForFulfilment {
  id: string;
  status: OrderStatus;
  fulfilment_status: FulfilmentStatus | null;
  /** A pickup order's state (null for a shipping order). */
  pickup_status: PickupStatus | null;
  test_mode: boolean;
  payment_id: string | null;
  total_cents: number;
  refunded_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  discount_cents: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Locks the order row for a move by the owner; 404 when there is none. */
export async function lockForFulfilment(manager: EntityManager, orderId: string): Promise<LockedForFulfilment> {
  const rows: LockedForFulfilment[] = UUID.test(orderId)
    ? await manager.query(
        `SELECT id, status, fulfilment_status, pickup_status, test_mode, payment_id, total_cents, refunded_cents, subtotal_cents, tax_cents,
                discount_cents FROM orders WHERE id = $1 FOR UPDATE`,
        [orderId],
      )
    : [];
  if (!rows[0]) throw orderNotFound();
  return { ...rows[0], total_cents: Number(rows[0].total_cents), refunded_cents: Number(rows[0].refunded_cents) };
}

/** While a refund waits for Square's answer, the order does not move (a cancel could race a shipment). */
export async function assertNoRefundInFlight(manager: EntityManager, orderId: string): Promise<void> {
  const rows: { amount_cents: number }[] = await manager.query(
    `SELECT amount_cents FROM order_refunds WHERE order_id = $1 AND status = 'PENDING' AND square_refund_id IS NULL`,
    [orderId],
  );
  if (rows.length > 0) {
    throw new ConflictError('A refund of this order is still waiting for Square’s answer. Retry it from the refunds list first.', 'REFUND_IN_FLIGHT');
  }
}

/**
 * The owner's fulfilment moves (POST /api/admin/orders/{id}/fulfilment): packed, shipped (carrier
 * and tracking), delivered, as ORDER_FULFILMENT allows; the move writes its `order_events` row
 * saying who moved it and queues the customer's e-mail in the same transaction. Cancelling
 * refunds, so it is OrderRefundsService.cancel.
 */
@Injectable()
export class OrderFulfilmentService {
  constructor(
    private readonly moves: StateMachineService,
    private readonly mail: OrderMailService,
    private readonly orders: AdminOrdersService,
  ) {}

  /** `changeKey`: the tablet's id for this move; a move already made under it answers the order as it is. */
  async move(orderId: string, move: FulfilmentMove, actor: string, changeKey?: string): Promise<AdminOrderDetail> {
    if (!UUID.test(orderId)) throw orderNotFound();
    const mailer = await this.mail.prepare();
    return this.moves.withLocked(ORDER_FULFILMENT, { id: orderId }, async (manager, order) => {
      if (!(await claimChangeKey(manager, changeKey, `order-fulfilment:${order.id}`))) return this.orders.detail(order.id, manager);
      if (!ORDER_FULFILMENT.allows(order, move.to)) throw ORDER_FULFILMENT.declaration.refused(order, move.to);
      await assertNoRefundInFlight(manager, order.id);
      const carrier = move.carrier ?? 'Other';
      await ORDER_FULFILMENT.step(manager, order, move.to, {
        actor,
        ctx: { mailer },
        ...(move.to === 'shipped'
          ? {
              set: {
                carrier,
                trackingNumber: move.trackingNumber ?? null,
                trackingUrl: carrier === 'Other' ? (move.trackingUrl ?? null) : null,
                shippedAt: new Date(),
              },
              detail: { carrier, trackingNumber: move.trackingNumber ?? null },
            }
          : { set: move.to === 'delivered' ? { deliveredAt: new Date() } : {} }),
      });
      return this.orders.detail(order.id, manager);
    });
  }
}
