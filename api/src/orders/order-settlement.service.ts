import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { StockService } from '../catalogue/stock.service';
import { log } from '../common/logger';
import { DiscountsService } from '../discounts/discounts.service';
import { PaymentKindProvider } from '../payments/payment-kinds.service';
import type { PaymentKind, Reconciled, SquarePaymentEvent, SquareRefundEvent, StaleCharge } from '../payments/payments.types';
import { paymentVerdict } from '../payments/payments.types';
import { SquareInventoryService } from '../square/square-inventory.service';
import type { SquarePaymentFacts } from '../square/square.gateway';
import { type OrderEventSource, OrderEvent } from './order-event.entity';
import { type OrderMailLine, OrderMailService } from './order-mail.service';
import { ORDER_PAYMENT, type OrderMoveContext } from './order-states';
import { orderSaleLines, orderStockLines } from './order-stock';
import { PickupOrdersService } from './pickup-orders.service';
import { RowMovedOn } from '../state-machine/state-machine';
import type { Order, OrderStatus } from './order.entity';

/** What settling did: moved (to the status), removed (a pending order whose payment failed), or nothing. */
export type Settled =
  { outcome: 'moved'; status: OrderStatus } | { outcome: 'removed' } | { outcome: 'unchanged'; status: OrderStatus } | { outcome: 'not-found' };

/**
 * Settles orders by what is known of their payment: the checkout's own answer from Square (or the
 * test card), the reconciler's look-up, or a Square webhook. Each call is one short transaction
 * that locks the order row and makes at most one move of ORDER_PAYMENT (with its `order_events`
 * row and its mails); none of them ever calls Square. Calls are idempotent: a move already made
 * (a webhook delivered twice, a reconciler racing the checkout) changes nothing.
 *
 * The move to COMPLETED also starts the fulfilment ('paid': waiting to be packed) and queues, in
 * the same transaction, the order confirmation to the customer, the new-order alert to the shop
 * and (paid through Square) the sale sent to Square's inventory: whichever of the checkout, the reconciler or a webhook completes the order, the mails go
 * once, and a move rolled back sends none.
 *
 * Orders (shipping and pickup alike) declare themselves to PaymentsService as the kind 'order':
 * Square's notifications about an order's payment or refund come here, and the payment reconciler
 * settles the orders a crash or a lost answer left PENDING through `stalePayments`.
 */
@Injectable()
@PaymentKindProvider()
export class OrderSettlementService implements PaymentKind {
  readonly name = 'order';

  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: OrderMailService,
    private readonly stock: StockService,
    private readonly pickup: PickupOrdersService,
    private readonly discounts: DiscountsService,
    private readonly squareInventory: SquareInventoryService,
  ) {}

  async squarePayment(event: SquarePaymentEvent): Promise<boolean> {
    return (await this.applySquarePayment(event)).outcome !== 'not-found';
  }

  async squareRefund(event: SquareRefundEvent): Promise<boolean> {
    return (await this.recordRefund(event)).outcome !== 'not-found';
  }

  /** The orders PENDING for longer than `afterSeconds`, oldest first, each settled or failed by the reconciler. */
  async stalePayments(afterSeconds: number, batch: number): Promise<StaleCharge<Reconciled>[]> {
    const stale: { id: string; test_mode: boolean; total_cents: number; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, test_mode, total_cents, created_at FROM orders
        WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2`,
      [afterSeconds, batch],
    );
    return stale.map((order) => ({
      ref: { orderId: order.id },
      referenceId: order.id,
      totalCents: Number(order.total_cents),
      createdAt: new Date(order.created_at),
      testMode: order.test_mode,
      paid: async (payment) => reconciled(await this.settle(order.id, payment, 'reconciler')),
      failed: async (reason) => reconciled(await this.fail(order.id, reason, 'reconciler')),
    }));
  }

  /**
   * Settles the order by its Square payment: COMPLETED → COMPLETED, APPROVED → OPEN, FAILED or
   * CANCELED → a pending order is removed (nothing was charged), an approved one is canceled.
   * The checkout passes the pending order as it wrote it (ORDER_PAYMENT.written): a payment that
   * went through moves it with no read first, the move one statement (in a transaction only when
   * the settle writes more beside it), unless something moved it meanwhile; then, as for an order
   * id, the order is read and locked first.
   */
  async settle(order: string | Order, payment: SquarePaymentFacts, source: OrderEventSource, lines?: readonly OrderMailLine[]): Promise<Settled> {
    const mailer = await this.mail.prepare();
    if (typeof order !== 'string' && paymentVerdict(payment.status) !== 'failed') {
      const settle = (manager: EntityManager) => this.apply(manager, order, payment, source, { mailer, lines });
      try {
        return await (writesBesideTheMove(order) ? this.dataSource.transaction(settle) : settle(this.dataSource.manager));
      } catch (err) {
        if (!(err instanceof RowMovedOn)) throw err;
      }
    }
    const orderId = typeof order === 'string' ? order : order.id;
    return this.dataSource.transaction(async (manager) => {
      const found = await ORDER_PAYMENT.find(manager, { id: orderId });
      return found ? this.apply(manager, found, payment, source, { mailer, lines }) : { outcome: 'not-found' };
    });
  }

  /**
   * A payment nothing was charged for (declined, an error before the charge, or Square has no
   * payment for a checkout a crash left pending): the pending order and its lines are removed,
   * their stock given back. An order that is no longer pending is left alone.
   */
  async fail(orderId: string, reason: { code: string; message: string }, source: OrderEventSource): Promise<Settled> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const order = await ORDER_PAYMENT.find(manager, { id: orderId });
      if (order?.status !== 'PENDING') return false;
      await this.removePending(manager, order.id);
      return true;
    });
    if (!removed) return { outcome: 'not-found' };
    log('info', 'payment failed, pending order removed', { orderId, source, code: reason.code, reason: reason.message });
    return { outcome: 'removed' };
  }

  /**
   * A payment.updated webhook: the order is found by the payment id, else by the payment's
   * reference_id (our order id, set by the checkout). Payments of orders we do not have are ignored.
   */
  private async applySquarePayment(payment: SquarePaymentEvent): Promise<Settled> {
    const mailer = await this.mail.prepare();
    return this.dataSource.transaction(async (manager) => {
      const order =
        (await ORDER_PAYMENT.find(manager, { paymentId: payment.paymentId })) ??
        (payment.referenceId && UUID.test(payment.referenceId) ? await ORDER_PAYMENT.find(manager, { id: payment.referenceId }) : null);
      return order ? this.apply(manager, order, payment, 'webhook', { mailer }) : { outcome: 'not-found' };
    });
  }

  /**
   * A refund.updated webhook: the order keeps the refund's latest status, and a refund that
   * completes adds its amount once, however often Square delivers the event. A refund the owner
   * made here (its order_refunds row carries Square's refund id) takes the new status too; one
   * already counted as completed when Square first answered is not counted again.
   */
  private recordRefund(refund: SquareRefundEvent): Promise<Settled> {
    return this.dataSource.transaction(async (manager) => {
      const order = await ORDER_PAYMENT.find(manager, { paymentId: refund.paymentId });
      if (!order) return { outcome: 'not-found' };
      const seen: { status: string }[] = await manager.query(
        `SELECT detail->>'status' AS status FROM order_events WHERE order_id = $1 AND type = 'refund' AND detail->>'refundId' = $2`,
        [order.id, refund.refundId],
      );
      if (seen.some((e) => e.status === refund.status)) return { outcome: 'unchanged', status: order.status };
      const ours: { status: string }[] = await manager.query(`SELECT status FROM order_refunds WHERE square_refund_id = $1 AND order_id = $2`, [
        refund.refundId,
        order.id,
      ]);
      const counted = ours[0]?.status === 'COMPLETED' || seen.some((e) => e.status === 'COMPLETED');
      const adds = refund.status === 'COMPLETED' && !counted ? refund.amountCents : 0;
      if (ours.length > 0 && ours[0].status !== 'COMPLETED') {
        await manager.query(`UPDATE order_refunds SET status = $2 WHERE square_refund_id = $1`, [refund.refundId, refund.status]);
      }
      await manager.query(`UPDATE orders SET refund_status = $2, refunded_cents = refunded_cents + $3, updated_at = now() WHERE id = $1`, [
        order.id,
        refund.status,
        adds,
      ]);
      await manager.insert(OrderEvent, {
        orderId: order.id,
        type: 'refund',
        fromStatus: order.status,
        toStatus: order.status,
        source: 'webhook',
        actor: 'webhook',
        detail: { ...refund },
      });
      log('info', 'square refund recorded', { orderId: order.id, refundId: refund.refundId, status: refund.status, amountCents: refund.amountCents });
      return { outcome: 'unchanged', status: order.status };
    });
  }

  private async apply(manager: EntityManager, order: Order, payment: SquarePaymentFacts, source: OrderEventSource, ctx: OrderMoveContext): Promise<Settled> {
    const verdict = paymentVerdict(payment.status);
    if (verdict === 'unsettled') return { outcome: 'unchanged', status: order.status };
    if (verdict === 'failed' && order.status === 'PENDING') {
      await this.removePending(manager, order.id);
      log('info', 'payment failed, pending order removed', { orderId: order.id, source, paymentId: payment.paymentId, status: payment.status });
      return { outcome: 'removed' };
    }
    const to: OrderStatus = verdict === 'paid' ? 'COMPLETED' : verdict === 'approved' ? 'OPEN' : 'CANCELED';
    if (order.paymentId !== null && order.paymentId !== payment.paymentId) {
      log('warn', 'square payment does not match the order’s payment, ignored', {
        orderId: order.id,
        orderPaymentId: order.paymentId,
        paymentId: payment.paymentId,
      });
      return { outcome: 'unchanged', status: order.status };
    }
    if (!ORDER_PAYMENT.can(order.status, to)) {
      if (order.status !== to)
        log('warn', 'square payment status would be a move the order does not allow, ignored', { orderId: order.id, from: order.status, to, source });
      return { outcome: 'unchanged', status: order.status };
    }
    const { from } = await ORDER_PAYMENT.step(manager, order, to, {
      actor: source,
      source,
      detail: { paymentId: payment.paymentId, paymentStatus: payment.status },
      ctx,
      set: {
        paymentId: payment.paymentId,
        paymentStatus: order.testMode ? null : payment.status,
        squareOrderId: payment.squareOrderId ?? order.squareOrderId,
        squareCustomerId: payment.squareCustomerId ?? order.squareCustomerId,
        // Paid: a parcel waits to be packed; a pickup order is placed at the cart.
        ...(to === 'COMPLETED' ? (order.fulfilmentMethod === 'pickup' ? { pickupStatus: 'placed' as const } : { fulfilmentStatus: 'paid' as const }) : {}),
      },
    });
    if (to === 'COMPLETED' && order.fulfilmentMethod === 'pickup') await this.pickup.start(manager, order, ctx.mailer);
    // Paid through Square: the sale goes to Square's inventory by a job queued with this move (docs/operations.md).
    if (to === 'COMPLETED' && !order.testMode) {
      await this.squareInventory.queueSale(manager, {
        orderId: order.id,
        squareOrderId: payment.squareOrderId ?? order.squareOrderId,
        occurredAt: new Date().toISOString(),
        lines: await orderSaleLines(manager, order.id),
      });
    }
    // An order cancelled before it was paid gives its discount code's use back.
    if (to === 'CANCELED') await this.discounts.release(manager, order.id);
    if (source !== 'checkout') log('info', 'order settled', { orderId: order.id, from, to, source, paymentId: payment.paymentId });
    return { outcome: 'moved', status: to };
  }

  /**
   * Nothing was charged: the pending order goes with its lines (and its discount code's use, whose row
   * goes with the order), and what the checkout took from stock comes back.
   */
  private async removePending(manager: EntityManager, orderId: string): Promise<void> {
    await this.stock.restock(manager, await orderStockLines(manager, orderId));
    await manager.query(`DELETE FROM orders WHERE id = $1`, [orderId]);
  }
}

/**
 * Whether settling the order as paid writes more than the payment move and what it queues (see
 * `apply`): a pickup order starts at the cart, and a sale through Square queues its inventory job.
 */
const writesBesideTheMove = (order: Order): boolean => order.fulfilmentMethod === 'pickup' || !order.testMode;

/** The reconciler's count for a settlement: a move made is paid, a pending order removed failed, anything else left. */
const reconciled = (settled: Settled): Reconciled => (settled.outcome === 'moved' ? 'paid' : settled.outcome === 'removed' ? 'failed' : 'left');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
