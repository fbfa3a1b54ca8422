import { Injectable } from '@nestjs/common';
import {
  type AdminOrderDetail,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type AdminOrderStatus,
  type FulfilmentStatus,
  instantOf,
  orderNumberOf,
  type RefundLine,
  type RefundStatus,
  refundableCents,
  trackingUrlFor,
} from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { pick } from '../common/pick';
import { NotFoundError } from '../common/domain-errors';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { OrderEvent } from './order-event.entity';
import { OrderItem } from './order-item.entity';
import { OrderRefund } from './order-refund.entity';
import { Order } from './order.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The order number typed with or without '#': 4 to 8 of the id's first characters. */
const ORDER_NUMBER = /^#?([0-9a-f]{4,8})$/i;

interface ListRow {
  id: string;
  created_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  status: AdminOrderStatus;
  fulfilment_status: FulfilmentStatus | null;
  test_mode: boolean;
  item_count: string | number;
  total_cents: number;
  refunded_cents: number;
  currency: string;
}

/**
 * The owner's view of orders (GET /api/admin/orders and /api/admin/orders/{id}).
 *
 * Decisions:
 * - The list leaves out checkouts still PENDING (their payment has no answer yet; the reconciler
 *   settles them) unless the status filter asks for PENDING.
 * - Search is by prefix, so every branch uses an index on 100,000 orders: the order number (4 to 8
 *   of the id's first characters, as a range of the primary key; a whole id pasted also works), or
 *   the start of the e-mail, the first name, the last name or "first last", case-insensitively.
 * - The date range is of days in the shop's time zone, both ends included.
 * - Paging is by page number with the total count, as a tablet list with page buttons needs.
 */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shopTimeZone: ShopTimeZoneService,
  ) {}

  async list(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    where.push(query.status ? `o.status = ${param(query.status)}` : `o.status <> 'PENDING'`);
    if (query.fulfilment) where.push(`o.fulfilment_status = ${param(query.fulfilment)}`);
    if (query.test === 'only') where.push('o.test_mode');
    if (query.test === 'exclude') where.push('NOT o.test_mode');
    if (query.from || query.to) {
      const zone = await this.shopTimeZone.current();
      if (query.from) where.push(`o.created_at >= ${param(startOfDay(query.from, zone))}`);
      if (query.to) where.push(`o.created_at < ${param(startOfDay(query.to, zone, 1))}`);
    }
    if (query.q) where.push(this.search(query.q, param));
    const filter = where.join(' AND ');
    const countParams = [...params];
    const offset = (query.page - 1) * query.pageSize;
    // The item counts are summed for the page only (in the outer query), not for the rows OFFSET skips.
    const rows: ListRow[] = await this.dataSource.query(
      `SELECT p.*, (SELECT COALESCE(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = p.id) AS item_count
         FROM (SELECT o.id, o.created_at, o.shipping_first_name AS first_name, o.shipping_last_name AS last_name, o.email, o.status, o.fulfilment_status,
                      o.test_mode, o.total_cents, o.refunded_cents, o.currency
                 FROM orders o
                WHERE ${filter}
                ORDER BY o.created_at DESC, o.id DESC
                LIMIT ${param(query.pageSize)} OFFSET ${param(offset)}) p
        ORDER BY p.created_at DESC, p.id DESC`,
      params,
    );
    const [{ total }]: { total: string | number }[] = await this.dataSource.query(`SELECT count(*) AS total FROM orders o WHERE ${filter}`, countParams);
    return {
      orders: rows.map((row) => ({
        id: row.id,
        number: orderNumberOf(row.id),
        createdAt: new Date(row.created_at).toISOString(),
        customerName: `${row.first_name} ${row.last_name}`,
        email: row.email,
        status: row.status,
        fulfilmentStatus: row.fulfilment_status,
        testMode: row.test_mode,
        itemCount: Number(row.item_count),
        totalCents: Number(row.total_cents),
        refundedCents: Number(row.refunded_cents),
        currency: row.currency,
      })),
      page: query.page,
      pageSize: query.pageSize,
      total: Number(total),
    };
  }

  /** The whole order for the detail view; with `manager`, as the caller's transaction sees it. */
  async detail(id: string, manager: EntityManager = this.dataSource.manager): Promise<AdminOrderDetail> {
    const order = UUID.test(id) ? await manager.getRepository(Order).findOneBy({ id }) : null;
    if (!order) throw new NotFoundError('Order not found', 'ORDER_NOT_FOUND');
    const [items, refunds, events] = [
      await manager.getRepository(OrderItem).find({ where: { orderId: id }, order: { position: 'ASC' } }),
      await manager.getRepository(OrderRefund).find({ where: { orderId: id }, order: { createdAt: 'ASC' } }),
      await manager.getRepository(OrderEvent).find({ where: { orderId: id }, order: { id: 'ASC' } }),
    ];
    const refunded = refundedQuantities(refunds);
    const pendingRefundCents = refunds.filter((r) => r.status === 'PENDING').reduce((sum, r) => sum + r.amountCents, 0);
    return {
      id: order.id,
      number: orderNumberOf(order.id),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      status: order.status,
      fulfilmentStatus: order.fulfilmentStatus,
      testMode: order.testMode,
      email: order.email,
      userId: order.userId,
      payment: {
        provider: order.testMode ? 'test' : 'square',
        paymentId: order.paymentId,
        paymentStatus: order.paymentStatus,
        squareOrderId: order.squareOrderId,
        squareCustomerId: order.squareCustomerId,
      },
      totals: {
        currency: order.currency,
        ...pick(order, 'subtotalCents', 'discountCents', 'discountCode', 'shippingCents', 'taxCents', 'totalCents', 'refundedCents'),
        pendingRefundCents,
        refundableCents: order.status === 'COMPLETED' ? refundableCents(order.totalCents, order.refundedCents, pendingRefundCents) : 0,
      },
      shipping: {
        // A pickup order has no address: the name and phone it was given, collected at the cart.
        name: order.pickupName ?? `${order.shippingFirstName ?? ''} ${order.shippingLastName ?? ''}`,
        phone: order.shippingPhone ?? order.pickupPhone ?? '',
        address: order.shippingAddress ?? (order.fulfilmentMethod === 'pickup' ? `Pickup at the cart, code ${order.pickupCode ?? ''}` : ''),
        city: order.shippingCity ?? '',
        state: order.shippingState ?? '',
        zip: order.shippingZip ?? '',
        country: order.shippingCountry ?? '',
      },
      lines: items.map((item) => ({
        id: item.id,
        productId: item.productId,
        name: item.name,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        totalCents: item.totalCents,
        refundedQuantity: refunded.get(item.id) ?? 0,
      })),
      shipment: {
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        trackingUrl: trackingUrlFor(order.carrier, order.trackingNumber, order.trackingUrl),
        shippedAt: order.shippedAt?.toISOString() ?? null,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
      },
      refunds: refunds.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        reason: r.reason,
        status: r.status,
        squareRefundId: r.squareRefundId,
        lines: r.lines,
        restocked: r.restocked,
        createdBy: r.createdBy,
        createdAt: r.createdAt.toISOString(),
      })),
      timeline: events.map((e) => ({
        id: String(e.id),
        at: e.createdAt.toISOString(),
        actor: e.actor ?? e.source,
        type: e.type,
        from: e.fromStatus,
        to: e.toStatus,
        detail: e.detail,
      })),
    };
  }

  /** One OR of prefix matches, each on an index of the migration (1764910000000). */
  private search(q: string, param: (value: unknown) => string): string {
    const branches: string[] = [];
    const number = ORDER_NUMBER.exec(q)?.[1]?.toLowerCase();
    if (number) branches.push(`o.id BETWEEN ${param(uuidBound(number, '0'))}::uuid AND ${param(uuidBound(number, 'f'))}::uuid`);
    if (UUID.test(q)) branches.push(`o.id = ${param(q.toLowerCase())}::uuid`);
    const prefix = param(`${escapeLike(q.toLowerCase())}%`);
    branches.push(
      `lower(o.email) COLLATE "C" LIKE ${prefix}`,
      `lower(o.shipping_first_name) COLLATE "C" LIKE ${prefix}`,
      `lower(o.shipping_last_name) COLLATE "C" LIKE ${prefix}`,
      `lower(o.shipping_first_name || ' ' || o.shipping_last_name) COLLATE "C" LIKE ${prefix}`,
    );
    return `(${branches.join(' OR ')})`;
  }
}

/** Each line's quantity already refunded by line, by refunds that did not fail. */
export function refundedQuantities(refunds: readonly { status: RefundStatus; lines: RefundLine[] | null }[]): Map<number, number> {
  const done = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'FAILED' || refund.status === 'REJECTED') continue;
    for (const line of refund.lines ?? []) done.set(line.itemId, (done.get(line.itemId) ?? 0) + line.quantity);
  }
  return done;
}

/** Midnight starting `day` (YYYY-MM-DD) plus `addDays`, in the shop's zone. */
function startOfDay(day: string, zone: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  const d = new Date(Date.UTC(year, month - 1, date + addDays));
  return instantOf({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 }, zone);
}

/** The lowest or highest uuid starting with `prefix` (hex), padded with '0' or 'f'. */
function uuidBound(prefix: string, pad: '0' | 'f'): string {
  const hex = prefix.padEnd(32, pad);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
