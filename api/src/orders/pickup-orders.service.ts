import {
  fromCents,
  noonOf,
  orderNumberOf,
  PICKUP_OPEN_STATES,
  type PickupDelay,
  type PickupQueueOrder,
  type PickupStatus,
  pickupTimeOf,
  startOfDayIn,
  zonedDateFormat,
} from '@cocoa/shared-types';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Square } from 'square';
import { DataSource, type EntityManager, In } from 'typeorm';
import { claimChangeKey } from '../common/change-key';
import { NotFoundError } from '../common/domain-errors';
import { log } from '../common/logger';
import { PickupSettingsService } from '../events/pickup-settings.service';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { JobsService } from '../jobs/jobs.service';
import { PushService } from '../live/push.service';
import { PaymentsService } from '../payments/payments.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { StateMachineService } from '../state-machine/state-machine.service';
import { OrderEvent } from './order-event.entity';
import { OrderItem } from './order-item.entity';
import { type OrderMailer, OrderMailService } from './order-mail.service';
import { orderNotFound } from './order-states';
import { Order } from './order.entity';
import { pickupOf } from './orders.mapper';
import { ORDER_PICKUP } from './pickup-states';

/** "12:45 PM" in the shop's zone: the time a delayed customer reads. */
const timeFormat = zonedDateFormat({ hour: 'numeric', minute: '2-digit' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Pickup orders at the cart (docs/order-ahead.md): their start once paid, the owner's queue on the
 * tablet, the owner's moves, and delays. Every move goes through ORDER_PICKUP, so it writes its
 * history row and queues its e-mail in its own transaction; ready and delays also tell the
 * browsers that follow the order (Web Push), in the same transaction.
 */
/** Keeps a pickup order's fulfilment at Square in step with ours (see followAtSquare). */
export const SQUARE_PICKUP_JOB = 'orders.square-pickup';

/** Our state as Square's fulfilment states say it: accepted and being made are RESERVED, ready PREPARED. */
const SQUARE_FULFILMENT_STATE: Record<PickupStatus, Square.FulfillmentState> = {
  placed: 'PROPOSED',
  accepted: 'RESERVED',
  preparing: 'RESERVED',
  ready: 'PREPARED',
  picked_up: 'COMPLETED',
  cancelled: 'CANCELED',
  not_collected: 'FAILED',
};

@Injectable()
export class PickupOrdersService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly moves: StateMachineService,
    private readonly mail: OrderMailService,
    private readonly settings: PickupSettingsService,
    private readonly slots: PickupSlotsService,
    private readonly zone: ShopTimeZoneService,
    private readonly push: PushService,
    private readonly jobs: JobsService,
    private readonly payments: PaymentsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ orderId: string }>(SQUARE_PICKUP_JOB, ({ data }) => this.syncAtSquare(data.orderId), {
      // Polled every second: the till should show "ready" as the tablet does.
      pollingIntervalSeconds: 1,
      retryLimit: 6,
      retryDelay: 30,
      retryBackoff: true,
    });
  }

  /**
   * A Square order follows ours: after a move of a pickup order paid through Square, a job (queued
   * in the move's transaction, so a move rolled back sends nothing) sets its fulfilment at Square to
   * the order's state as it is when the job runs. Jobs of one order may run in any order and
   * again: each sends the latest state, and one already there is not sent.
   */
  async followAtSquare(m: EntityManager, order: Pick<Order, 'id' | 'testMode' | 'squareOrderId'>): Promise<void> {
    if (order.testMode || !order.squareOrderId) return;
    await this.jobs.send(SQUARE_PICKUP_JOB, { orderId: order.id }, { manager: m });
  }

  /** The job: the order's state now, to Square. Without a connection it waits for none (the owner reconnects). */
  async syncAtSquare(orderId: string): Promise<void> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ id: orderId });
    if (!order?.squareOrderId || !order.pickupStatus || order.testMode) return;
    const connection = await this.payments.connection();
    if (!connection) return log('warn', 'a pickup order’s state was not sent to Square: Square is not connected', { orderId });
    const state = SQUARE_FULFILMENT_STATE[order.pickupStatus];
    const outcome = await this.payments.setPickupState(connection, order.squareOrderId, state);
    log('info', 'pickup order state sent to Square', { orderId, state, outcome });
  }

  /**
   * A paid pickup order starts, in the payment move's transaction: placed, then accepted at once
   * while the owner lets orders accept themselves (a second move, by 'system').
   */
  async start(m: EntityManager, order: Order, mailer: OrderMailer): Promise<void> {
    const settings = await this.settings.get(m);
    if (settings.autoAccept) await ORDER_PICKUP.step(m, order, 'accepted', { actor: 'system', source: 'checkout', ctx: { mailer } });
    await this.followAtSquare(m, order);
  }

  /**
   * The owner's queue: the day's pickup orders (paid), by pickup time. Today in the shop's zone by
   * default. An order belongs to the day of its stop, so a late stop that runs past midnight keeps
   * its orders after midnight in its queue (an order whose stop was removed goes by its pickup time).
   */
  async queue(day?: string): Promise<PickupQueueOrder[]> {
    const zone = await this.zone.current();
    const from = startOfDayIn(day ? noonOf(day, zone) : new Date(), zone);
    const to = startOfDayIn(from, zone, 1);
    const orders = await this.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .where(`o.fulfilment_method = 'pickup'`)
      .andWhere(`o.status = 'COMPLETED'`)
      .andWhere(
        `COALESCE((SELECT s.date FROM scheduled_locations s WHERE s.id = o.pickup_stop_id), o.pickup_slot_start) >= :from
         AND COALESCE((SELECT s.date FROM scheduled_locations s WHERE s.id = o.pickup_stop_id), o.pickup_slot_start) < :to`,
        { from, to },
      )
      .orderBy('o.pickup_slot_start', 'ASC')
      .addOrderBy('o.created_at', 'ASC')
      .getMany();
    return this.views(this.dataSource.manager, orders, zone);
  }

  /**
   * One of the owner's moves (not cancelling, which refunds: OrderRefundsService.cancel). Ready
   * e-mails the customer and tells the browsers following the order. `changeKey`: the tablet's id
   * for the move; replayed, it answers the order as it is.
   */
  async move(orderId: string, to: Exclude<PickupStatus, 'cancelled' | 'placed'>, actor: string, changeKey?: string): Promise<PickupQueueOrder> {
    if (!UUID.test(orderId)) throw orderNotFound();
    const mailer = await this.mail.prepare();
    return this.moves.withLocked(ORDER_PICKUP, { id: orderId }, async (m, order) => {
      if (await claimChangeKey(m, changeKey, `pickup:${order.id}`)) {
        await ORDER_PICKUP.step(m, order, to, { actor, source: 'admin', ctx: { mailer } });
        await this.followAtSquare(m, order);
        if (to === 'ready') await this.tell(m, order, 'Your order is ready', 'Open your order to see its code.');
      }
      return (await this.views(m, [order], await this.zone.current(m)))[0];
    });
  }

  /**
   * Every open order of the stop (not picked up, cancelled or uncollected) moves `minutes` later:
   * each gets its history row, one e-mail and one push, in one transaction. The count moved.
   */
  async delay(stopId: number, minutes: PickupDelay, actor: string, changeKey?: string): Promise<{ delayed: number; minutes: number }> {
    const mailer = await this.mail.prepare();
    const clock = timeFormat(await this.zone.current());
    if (!(await this.slots.exists(stopId))) throw new NotFoundError('Stop not found', 'STOP_NOT_FOUND');
    return this.dataSource.transaction(async (m) => {
      if (!(await claimChangeKey(m, changeKey, `pickup-delay:${stopId}`))) return { delayed: 0, minutes };
      const orders = await m.getRepository(Order).find({
        where: { pickupStopId: stopId, status: 'COMPLETED', pickupStatus: In([...PICKUP_OPEN_STATES]) },
        order: { pickupSlotStart: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      for (const order of orders) {
        const delayMinutes = order.pickupDelayMinutes + minutes;
        await m.update(Order, { id: order.id }, { pickupDelayMinutes: delayMinutes });
        order.pickupDelayMinutes = delayMinutes;
        await m.insert(OrderEvent, {
          orderId: order.id,
          type: 'delayed',
          fromStatus: order.pickupStatus,
          toStatus: order.pickupStatus,
          source: 'admin',
          actor,
          detail: { minutes, delayMinutes },
        });
        await mailer.toCustomer(m, order, 'pickup-delayed', { delayMinutes: minutes });
        const at = pickupTimeOf(order.pickupSlotStart ?? new Date(), delayMinutes);
        await this.tell(m, order, `Your order will be ready ${minutes} minutes later`, `New pickup time: ${clock.format(at)}. Sorry for the wait!`);
      }
      return { delayed: orders.length, minutes };
    });
  }

  /** One order as the queue shows it (404 for no pickup order). */
  async view(orderId: string): Promise<PickupQueueOrder> {
    const order = UUID.test(orderId) ? await this.dataSource.getRepository(Order).findOneBy({ id: orderId, fulfilmentMethod: 'pickup' }) : null;
    const [view] = order ? await this.views(this.dataSource.manager, [order], await this.zone.current()) : [];
    if (!view) throw orderNotFound();
    return view;
  }

  /** The browsers following the order, told in the caller's transaction. */
  private async tell(m: EntityManager, order: Order, title: string, body: string): Promise<void> {
    await this.push.tell(m, { kind: 'order', orderId: order.id }, { title, body, url: `/orders/${order.id}`, tag: `order-${order.id}` });
  }

  private async views(m: EntityManager, orders: Order[], zone: string): Promise<PickupQueueOrder[]> {
    if (orders.length === 0) return [];
    const items = await m.getRepository(OrderItem).find({ where: { orderId: In(orders.map((o) => o.id)) }, order: { position: 'ASC' } });
    const places = new Map<number, { name: string; address: string | null }>();
    for (const stopId of new Set(orders.map((o) => o.pickupStopId).filter((id): id is number => id !== null))) {
      places.set(stopId, await this.slots.placeOf(m, stopId));
    }
    return orders.flatMap((order) => {
      const pickup = pickupOf(order, places.get(order.pickupStopId ?? -1) ?? null, zone);
      if (!pickup) return [];
      return [
        {
          ...pickup,
          id: order.id,
          orderNumber: orderNumberOf(order.id),
          phone: order.pickupPhone,
          email: order.email || null,
          items: items.filter((item) => item.orderId === order.id).map((item) => ({ name: item.name, quantity: item.quantity })),
          total: fromCents(order.totalCents),
          tip: fromCents(order.tipCents),
          testMode: order.testMode,
          createdAt: order.createdAt.toISOString(),
          moves: ORDER_PICKUP.allowed(order),
        },
      ];
    });
  }
}
