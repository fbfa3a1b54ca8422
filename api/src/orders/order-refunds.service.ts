import { Injectable } from '@nestjs/common';
import {
  type AdminOrderDetail,
  type CancelOrder,
  formatCents,
  isBeforeShipping,
  linesRefundCents,
  type RefundLine,
  type RefundOrder,
  type RefundStatus,
  refundableCents,
} from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, NotFoundError, UnavailableError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { StockService } from '../catalogue/stock.service';
import { PaymentsService } from '../payments/payments.service';
import type { SquareConnection } from '../square/square.gateway';
import { AdminOrdersService, refundedQuantities } from './admin-orders.service';
import { OrderEvent } from './order-event.entity';
import { assertNoRefundInFlight, type LockedForFulfilment, lockForFulfilment } from './order-fulfilment.service';
import { type OrderMailer, OrderMailService } from './order-mail.service';
import { ORDER_FULFILMENT } from './order-states';
import { PickupOrdersService } from './pickup-orders.service';
import { ORDER_PICKUP } from './pickup-states';
import { OrderRefund } from './order-refund.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ItemRow {
  id: number;
  product_id: number | null;
  name: string;
  unit_price_cents: number;
  quantity: number;
}

/** What one refund or cancel will do, decided under the order's lock. */
interface Plan {
  kind: 'refund' | 'cancel';
  orderId: string;
  paymentId: string | null;
  testMode: boolean;
  /** 0 for a cancel with nothing left to refund. */
  amountCents: number;
  reason: string;
  lines: RefundLine[] | null;
  /** What goes back into stock once the refund is made (empty unless asked). */
  restock: { productId: number; quantity: number }[];
  actor: string;
}

/**
 * Refunds and cancellations by the owner (POST /api/admin/orders/{id}/refunds, /cancel, and
 * /refunds/{refundId}/retry). A Square payment is refunded through Square's Refunds
 * API (PaymentsService.refund), a test-mode payment's refund is recorded here; both restock when asked and e-mail the
 * customer; no Square call is made inside a transaction.
 *
 * A Square refund runs like the checkout: (1) one transaction checks the order under its lock and
 * commits the refund as PENDING (its id is Square's idempotency key) with a 'refund-requested'
 * event; (2) Square is asked with no connection held; (3) one transaction settles it: the refund
 * row takes Square's id and status, the lines go back into stock if asked, the cancel move is made,
 * the customer's e-mail is queued and the event written. Square's refusal marks the refund FAILED
 * (nothing else changes); no answer leaves it PENDING, counted against what can be refunded, until
 * the owner retries it (same key: Square answers the same refund, never a second one). A test-mode
 * refund is all of that in one transaction, COMPLETED at once.
 *
 * Decisions: a refund never exceeds the total less what is refunded or pending; by line, each
 * line's price plus its 7 % tax, and at most the quantity not refunded yet; shipping comes back
 * only by amount (a cancel refunds everything left, shipping included). Cancelling is allowed
 * until the parcel ships; afterwards the owner refunds instead.
 */
@Injectable()
export class OrderRefundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly mail: OrderMailService,
    private readonly orders: AdminOrdersService,
    private readonly stock: StockService,
    private readonly pickupOrders: PickupOrdersService,
  ) {}

  refund(orderId: string, body: RefundOrder, actor: string): Promise<AdminOrderDetail> {
    return this.run(orderId, async (manager, order) => {
      if (order.status !== 'COMPLETED') throw new ConflictError('Only a paid order can be refunded.', 'ORDER_NOT_PAID');
      await assertNoRefundInFlight(manager, order.id);
      const items = await this.items(manager, order.id);
      const refunded = refundedQuantities(await this.refundsOf(manager, order.id));
      const lines = (body.lines ?? []).map((line) => {
        const item = items.find((i) => i.id === line.itemId);
        if (!item) throw new UserInputError(`Line ${line.itemId} is not part of this order`, 'REFUND_LINE_UNKNOWN');
        const left = item.quantity - (refunded.get(item.id) ?? 0);
        if (line.quantity > left)
          throw new ConflictError(
            left === 0 ? `“${item.name}” is already refunded.` : `Only ${left} of “${item.name}” can still be refunded.`,
            'REFUND_TOO_LARGE',
          );
        return { item, quantity: line.quantity };
      });
      const amountCents =
        body.amountCents ??
        linesRefundCents(
          lines.map(({ item, quantity }) => ({ unitPriceCents: item.unit_price_cents, quantity })),
          { subtotalCents: Number(order.subtotal_cents), taxCents: Number(order.tax_cents), discountCents: Number(order.discount_cents) },
        );
      const remaining = await this.remaining(manager, order);
      if (remaining === 0) throw new ConflictError('Nothing is left to refund on this order.', 'NOTHING_TO_REFUND');
      if (amountCents > remaining) throw new ConflictError(`At most ${formatCents(remaining)} can still be refunded on this order.`, 'REFUND_TOO_LARGE');
      return {
        kind: 'refund',
        orderId: order.id,
        paymentId: order.payment_id,
        testMode: order.test_mode,
        amountCents,
        reason: body.reason,
        lines: body.lines ?? null,
        restock: body.restock ? toStock(lines) : [],
        actor,
      };
    });
  }

  cancel(orderId: string, body: CancelOrder, actor: string): Promise<AdminOrderDetail> {
    return this.run(orderId, async (manager, order) => {
      if (order.status !== 'COMPLETED') throw new ConflictError('Only a paid order can be cancelled.', 'ORDER_NOT_PAID');
      if (order.pickup_status !== null) {
        if (!ORDER_PICKUP.can(order.pickup_status, 'cancelled'))
          throw new ConflictError('This pickup order is over: it can no longer be cancelled.', 'CANCEL_NOT_ALLOWED');
      } else if (!isBeforeShipping(order.fulfilment_status)) {
        throw new ConflictError(
          order.fulfilment_status === 'cancelled'
            ? 'This order is already cancelled.'
            : 'This order has shipped, so it can no longer be cancelled. Refund it instead.',
          'CANCEL_NOT_ALLOWED',
        );
      }
      await assertNoRefundInFlight(manager, order.id);
      const items = await this.items(manager, order.id);
      const restocked = refundedQuantities((await this.refundsOf(manager, order.id)).filter((r) => r.restocked));
      const back = items.map((item) => ({ item, quantity: item.quantity - (restocked.get(item.id) ?? 0) })).filter((l) => l.quantity > 0);
      return {
        kind: 'cancel',
        orderId: order.id,
        paymentId: order.payment_id,
        testMode: order.test_mode,
        amountCents: await this.remaining(manager, order),
        reason: body.reason,
        lines: null,
        restock: body.restock ? toStock(back) : [],
        actor,
      };
    });
  }

  /**
   * Asks Square again about a refund whose answer never came, with the same idempotency key and
   * amount: Square answers the refund it made, or makes it now. Then settles it as usual.
   */
  async retry(orderId: string, refundId: string, actor: string): Promise<AdminOrderDetail> {
    const row = UUID.test(orderId) && UUID.test(refundId) ? await this.dataSource.getRepository(OrderRefund).findOneBy({ id: refundId, orderId }) : null;
    if (!row) throw new NotFoundError('Refund not found', 'REFUND_NOT_FOUND');
    if (row.status !== 'PENDING' || row.squareRefundId) throw new ConflictError('Square has already answered this refund.', 'REFUND_SETTLED');
    const requested: { detail: OrderEvent['detail'] }[] = await this.dataSource.query(
      `SELECT detail FROM order_events WHERE order_id = $1 AND type = 'refund-requested' AND detail->>'refundId' = $2`,
      [orderId, refundId],
    );
    const intent = requested[0]?.detail ?? {};
    const [{ payment_id: paymentId }]: { payment_id: string | null }[] = await this.dataSource.query(`SELECT payment_id FROM orders WHERE id = $1`, [orderId]);
    const plan: Plan = {
      kind: intent.kind === 'cancel' ? 'cancel' : 'refund',
      orderId,
      paymentId,
      testMode: false,
      amountCents: row.amountCents,
      reason: row.reason ?? '',
      lines: row.lines,
      restock: typeof intent.restock === 'string' ? (JSON.parse(intent.restock) as Plan['restock']) : [],
      actor,
    };
    const mailer = await this.mail.prepare();
    const connection = await this.connection();
    await this.askAndSettle(connection, plan, row.id, mailer);
    return this.orders.detail(orderId);
  }

  /** Steps 1 to 3 for a new refund or cancel (see the class comment). */
  private async run(orderId: string, decide: (manager: EntityManager, order: LockedForFulfilment) => Promise<Plan>): Promise<AdminOrderDetail> {
    const mailer = await this.mail.prepare();
    const facts: { test_mode: boolean }[] = UUID.test(orderId) ? await this.dataSource.query(`SELECT test_mode FROM orders WHERE id = $1`, [orderId]) : [];
    if (!facts[0]) throw new NotFoundError('Order not found', 'ORDER_NOT_FOUND');
    // Read before any transaction: the connection reads the settings.
    const connection = facts[0].test_mode ? null : await this.connection();
    const claimed = await this.dataSource.transaction(async (manager) => {
      const order = await lockForFulfilment(manager, orderId);
      const plan = await decide(manager, order);
      if (plan.testMode || plan.amountCents === 0) {
        const refundId = plan.amountCents > 0 ? await this.insertRefund(manager, plan, 'COMPLETED') : null;
        await this.finish(manager, plan, refundId, { status: 'COMPLETED', squareRefundId: null }, mailer);
        return null;
      }
      if (!plan.paymentId) throw new ConflictError('This order has no Square payment to refund.', 'NO_PAYMENT');
      const refundId = await this.insertRefund(manager, plan, 'PENDING');
      await manager.insert(OrderEvent, {
        orderId: plan.orderId,
        type: 'refund-requested',
        fromStatus: order.fulfilment_status,
        toStatus: order.fulfilment_status,
        source: 'admin',
        actor: plan.actor,
        // What the settle step needs if the owner has to retry it.
        detail: { refundId, kind: plan.kind, amountCents: plan.amountCents, restock: JSON.stringify(plan.restock) },
      });
      return { plan, refundId };
    });
    if (claimed) await this.askAndSettle(connection!, claimed.plan, claimed.refundId, mailer);
    return this.orders.detail(orderId);
  }

  /** Steps 2 and 3 of a Square refund. */
  private async askAndSettle(connection: SquareConnection, plan: Plan, refundId: string, mailer: OrderMailer): Promise<void> {
    const answer = await this.payments.refund(
      connection,
      { idempotencyKey: refundId, paymentId: plan.paymentId ?? '', amountCents: plan.amountCents, reason: plan.reason },
      { orderId: plan.orderId, refundId },
    );
    if (answer.outcome === 'unknown') throw answer.error;
    if (answer.outcome === 'error') {
      await this.failed(plan, refundId, answer.error.code, answer.error.message);
      throw new ConflictError(`Square refused the refund: ${answer.error.message}`, answer.error.code);
    }
    const { refund } = answer;
    if (answer.outcome === 'refused') {
      await this.failed(plan, refundId, `SQUARE_REFUND_${refund.status}`, `Square answered ${refund.status}`, refund.refundId);
      throw new ConflictError(`Square refused the refund (${refund.status}).`, 'SQUARE_REFUND_REFUSED');
    }
    await this.dataSource.transaction(async (manager) => {
      await lockForFulfilment(manager, plan.orderId);
      await this.finish(manager, plan, refundId, { status: refund.status as RefundStatus, squareRefundId: refund.refundId }, mailer);
    });
  }

  /**
   * Step 3 (and the whole of a test-mode refund): the refund row settles, the amount counts once
   * it is completed, the lines go back into stock if asked, the cancel move is made, the customer's
   * e-mail is queued and the event written, all in the caller's transaction.
   */
  private async finish(
    manager: EntityManager,
    plan: Plan,
    refundId: string | null,
    settled: { status: RefundStatus; squareRefundId: string | null },
    mailer: OrderMailer,
  ): Promise<void> {
    const restocked = plan.restock.length > 0;
    if (refundId) {
      // Square's refund.updated webhooks may have arrived before this step ran: a final status they
      // reported wins, and a completed refund they already counted is not counted again.
      const reported: { status: string }[] = settled.squareRefundId
        ? await manager.query(`SELECT detail->>'status' AS status FROM order_events WHERE order_id = $1 AND type = 'refund' AND detail->>'refundId' = $2`, [
            plan.orderId,
            settled.squareRefundId,
          ])
        : [];
      const final = reported.map((r) => r.status).find((s): s is RefundStatus => s === 'COMPLETED' || s === 'FAILED' || s === 'REJECTED');
      const status = final ?? settled.status;
      const counted = reported.some((r) => r.status === 'COMPLETED');
      await manager.query(`UPDATE order_refunds SET status = $2, square_refund_id = $3, restocked = $4 WHERE id = $1`, [
        refundId,
        status,
        settled.squareRefundId,
        restocked,
      ]);
      const adds = status === 'COMPLETED' && !counted ? plan.amountCents : 0;
      await manager.query(`UPDATE orders SET refunded_cents = refunded_cents + $2, refund_status = $3, updated_at = now() WHERE id = $1`, [
        plan.orderId,
        adds,
        status,
      ]);
    }
    if (restocked) await this.stock.restock(manager, plan.restock);

    const [order]: Pick<LockedForFulfilment, 'fulfilment_status' | 'pickup_status' | 'refunded_cents' | 'total_cents'>[] = await manager.query(
      `SELECT fulfilment_status, pickup_status, refunded_cents, total_cents FROM orders WHERE id = $1`,
      [plan.orderId],
    );
    const detail: OrderEvent['detail'] = {
      refundId,
      amountCents: plan.amountCents,
      status: settled.status,
      squareRefundId: settled.squareRefundId,
      reason: plan.reason,
      restocked,
    };
    const from = order.fulfilment_status;
    if (plan.kind === 'cancel' && ORDER_PICKUP.can(order.pickup_status, 'cancelled')) {
      // A pickup order's place in its slot goes back to the stop with the cancel.
      await manager.query(`DELETE FROM pickup_slot_claims WHERE order_id = $1`, [plan.orderId]);
      const pickup = await ORDER_PICKUP.lock(manager, { id: plan.orderId });
      await ORDER_PICKUP.step(manager, pickup, 'cancelled', { actor: plan.actor, detail, ctx: { mailer } });
      await this.pickupOrders.followAtSquare(manager, pickup);
      return;
    }
    if (plan.kind === 'cancel' && isBeforeShipping(from)) {
      // The move's declared e-mail tells the customer the reason and the amount its detail carries.
      await ORDER_FULFILMENT.step(manager, await ORDER_FULFILMENT.lock(manager, { id: plan.orderId }), 'cancelled', {
        actor: plan.actor,
        detail,
        ctx: { mailer },
      });
      return;
    }
    if (plan.kind === 'cancel') log('warn', 'an order shipped while its cancel was refunded: refunded, not cancelled', { orderId: plan.orderId, refundId });
    const pending: { cents: string | number }[] = await manager.query(
      `SELECT COALESCE(sum(amount_cents), 0) AS cents FROM order_refunds WHERE order_id = $1 AND status = 'PENDING'`,
      [plan.orderId],
    );
    await mailer.toCustomer(manager, plan.orderId, 'order-refunded', {
      refundCents: plan.amountCents,
      totalRefundedCents: Number(order.refunded_cents) + Number(pending[0].cents),
      reason: plan.reason,
    });
    await manager.insert(OrderEvent, { orderId: plan.orderId, type: 'refunded', fromStatus: from, toStatus: from, source: 'admin', actor: plan.actor, detail });
  }

  /** Square refused: the refund is FAILED (it no longer counts), nothing else changes. */
  private async failed(plan: Plan, refundId: string, code: string, message: string, squareRefundId: string | null = null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const order = await lockForFulfilment(manager, plan.orderId);
      await manager.query(`UPDATE order_refunds SET status = 'FAILED', square_refund_id = COALESCE($2, square_refund_id) WHERE id = $1`, [
        refundId,
        squareRefundId,
      ]);
      await manager.insert(OrderEvent, {
        orderId: plan.orderId,
        type: 'refund-failed',
        fromStatus: order.fulfilment_status,
        toStatus: order.fulfilment_status,
        source: 'admin',
        actor: plan.actor,
        detail: { refundId, amountCents: plan.amountCents, code, message },
      });
    });
    log('warn', 'square refused a refund', { orderId: plan.orderId, refundId, code, message });
  }

  private async insertRefund(manager: EntityManager, plan: Plan, status: RefundStatus): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO order_refunds (order_id, amount_cents, reason, status, lines, restocked, created_by) VALUES ($1, $2, $3, $4, $5::jsonb, false, $6) RETURNING id`,
      [plan.orderId, plan.amountCents, plan.reason, status, plan.lines ? JSON.stringify(plan.lines) : null, plan.actor],
    );
    return rows[0].id;
  }

  /** The order's total less what is refunded (completed) or pending. */
  private async remaining(manager: EntityManager, order: LockedForFulfilment): Promise<number> {
    const [{ cents }]: { cents: string | number }[] = await manager.query(
      `SELECT COALESCE(sum(amount_cents), 0) AS cents FROM order_refunds WHERE order_id = $1 AND status = 'PENDING'`,
      [order.id],
    );
    return refundableCents(order.total_cents, order.refunded_cents, Number(cents));
  }

  private async items(manager: EntityManager, orderId: string): Promise<ItemRow[]> {
    const rows: ItemRow[] = await manager.query(
      `SELECT id, product_id, name, unit_price_cents, quantity FROM order_items WHERE order_id = $1 ORDER BY position`,
      [orderId],
    );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      product_id: r.product_id === null ? null : Number(r.product_id),
      unit_price_cents: Number(r.unit_price_cents),
      quantity: Number(r.quantity),
    }));
  }

  private refundsOf(manager: EntityManager, orderId: string): Promise<OrderRefund[]> {
    return manager.getRepository(OrderRefund).findBy({ orderId });
  }

  private async connection(): Promise<SquareConnection> {
    const connection = await this.payments.connection();
    if (!connection)
      throw new UnavailableError(
        'Square is not connected, so this card payment cannot be refunded here. Connect Square in Settings first.',
        'SQUARE_NOT_CONNECTED',
      );
    return connection;
  }
}

/** Lines of products still in the catalogue, as the stock helper takes them. */
function toStock(lines: readonly { item: ItemRow; quantity: number }[]): { productId: number; quantity: number }[] {
  return lines.filter(({ item }) => item.product_id !== null).map(({ item, quantity }) => ({ productId: item.product_id!, quantity }));
}
