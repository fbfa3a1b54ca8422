import { Inject, Injectable } from '@nestjs/common';
import { orderNumberOf, pickupTimeOf } from '@cocoa/shared-types';
import type { EntityManager } from 'typeorm';
import { pick } from '../common/pick';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { OrderItem } from './order-item.entity';
import { type LinkSigner, SignedLinksService } from '../links/signed-links.service';
import { ORDER_LINKS } from './order-links';
import { Order } from './order.entity';

/** The order e-mails, each with what it adds to the order's own data (the mail module's templates). */
type OrderTemplate =
  'order-confirmation' | 'new-order-alert' | 'order-shipped' | 'order-delivered' | 'order-cancelled' | 'order-refunded' | 'pickup-ready' | 'pickup-delayed';
type MailData<N extends QueuedMail['template']> = Extract<QueuedMail, { template: N }>['data'];
type OrderMailData = MailData<'order-confirmation'>;
type Extra<N extends OrderTemplate> = Omit<MailData<N>, keyof OrderMailData>;

/** A line of an order as its e-mails show it. */
export interface OrderMailLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * The e-mails an order's moves cause, queued in the move's own transaction (MailService.queue with
 * its manager): a move rolled back sends nothing. `prepare()` reads the order-link key first,
 * outside any transaction; the mailer it answers then only writes through the caller's manager.
 */
@Injectable()
export class OrderMailService {
  constructor(
    private readonly mail: MailService,
    private readonly links: SignedLinksService,
    private readonly stops: PickupSlotsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async prepare(): Promise<OrderMailer> {
    return new OrderMailer(this.mail, await this.links.signer(ORDER_LINKS), this.config.publicUrl, (m, stopId) => this.stops.placeOf(m, stopId));
  }
}

export class OrderMailer {
  constructor(
    private readonly mail: MailService,
    private readonly signer: LinkSigner<string>,
    private readonly publicUrl: string,
    private readonly placeOf: (m: EntityManager, stopId: number) => Promise<{ name: string; address: string | null }>,
  ) {}

  /**
   * The customer's copy of a move, to the order's e-mail, with a link that opens the order. The
   * order as the move left it (its row, locked in the move's transaction), or its id to read it.
   */
  async toCustomer<N extends OrderTemplate>(manager: EntityManager, order: Order | string, template: N, extra: Extra<N>): Promise<void> {
    const data = await this.orderData(manager, order);
    // A pickup order given a phone only has no e-mail: the owner calls, the order page shows the rest.
    if (data.email) await this.mail.queue({ to: data.email, template, data: { ...data, ...extra } } as QueuedMail, manager);
  }

  /** A pickup order is ready: the customer's e-mail (the push goes with the move, see PickupOrdersService). */
  pickupReady(manager: EntityManager, order: Order): Promise<void> {
    return this.toCustomer(manager, order, 'pickup-ready', {});
  }

  /** A paid order: the confirmation to the customer and the new-order alert to the shop. */
  async paid(manager: EntityManager, order: Order, lines?: readonly OrderMailLine[]): Promise<void> {
    const data = await this.orderData(manager, order, lines);
    const adminUrl = order.fulfilmentMethod === 'pickup' ? `${this.publicUrl}/admin?tab=live` : `${this.publicUrl}/admin?tab=orders&order=${order.id}`;
    await this.mail.queueAll(
      [
        ...(data.email ? [{ to: data.email, template: 'order-confirmation' as const, data }] : []),
        { to: 'shop', template: 'new-order-alert', data: { ...data, adminUrl } },
      ],
      manager,
    );
  }

  private async pickupOf(manager: EntityManager, order: Order): Promise<OrderMailData['pickup']> {
    if (order.fulfilmentMethod !== 'pickup' || order.pickupStopId === null || !order.pickupSlotStart) return null;
    const place = await this.placeOf(manager, order.pickupStopId);
    return {
      stopName: place.name,
      address: place.address,
      pickupAt: pickupTimeOf(order.pickupSlotStart, order.pickupDelayMinutes).toISOString(),
      code: order.pickupCode ?? '',
      name: order.pickupName ?? '',
    };
  }

  private async orderData(manager: EntityManager, orderOrId: Order | string, lines?: readonly OrderMailLine[]): Promise<OrderMailData> {
    const order = typeof orderOrId === 'string' ? await manager.getRepository(Order).findOneByOrFail({ id: orderOrId }) : orderOrId;
    const items = lines ?? (await manager.getRepository(OrderItem).find({ where: { orderId: order.id }, order: { position: 'ASC' } }));
    const name = order.pickupName ?? `${order.shippingFirstName ?? ''} ${order.shippingLastName ?? ''}`.trim();
    return {
      orderNumber: orderNumberOf(order.id),
      customerName: name,
      email: order.email,
      placedAt: order.createdAt.toISOString(),
      items: items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        totalCents: item.unitPriceCents * item.quantity,
      })),
      ...pick(order, 'subtotalCents', 'discountCents', 'discountCode', 'shippingCents', 'taxCents', 'totalCents'),
      currency: order.currency,
      shippingAddress:
        order.fulfilmentMethod === 'shipping'
          ? {
              name,
              line1: order.shippingAddress ?? '',
              city: order.shippingCity ?? '',
              state: order.shippingState ?? '',
              zip: order.shippingZip ?? '',
              country: order.shippingCountry ?? '',
              phone: order.shippingPhone ?? '',
            }
          : null,
      pickup: await this.pickupOf(manager, order),
      tipCents: order.tipCents,
      orderUrl: this.signer.url(order.id),
      testMode: order.testMode,
    };
  }
}
