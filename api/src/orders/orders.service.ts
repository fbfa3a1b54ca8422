import { Injectable } from '@nestjs/common';
import type { CreateFromPaymentResponse, MyOrdersQuery, OrderView, ProviderOrder } from '@cocoa/shared-types';
import { DataSource, In, Not } from 'typeorm';
import { ForbiddenError, GoneError, NotFoundError, UserInputError } from '../common/domain-errors';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import type { SessionUser } from '../common/session-user';
import { OrderItem } from './order-item.entity';
import { SignedLinksService } from '../links/signed-links.service';
import { ORDER_LINKS } from './order-links';
import { Order } from './order.entity';
import { toOrderView, toProviderOrder } from './orders.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reading placed orders. Someone else's order is answered exactly like a missing one. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly links: SignedLinksService,
    private readonly stops: PickupSlotsService,
    private readonly zone: ShopTimeZoneService,
  ) {}

  /**
   * The order page: its owner (or an admin) signed in, or anyone holding the order link's token.
   * A token is checked before anything is read: one that is not valid answers 403 and an expired
   * one 410, whether or not the order exists; the signed-in owner needs no token at all.
   */
  async findForViewer(id: string, viewer: SessionUser | undefined, token?: string): Promise<OrderView> {
    const order = UUID.test(id) ? await this.dataSource.getRepository(Order).findOneBy({ id, status: Not('PENDING') }) : null;
    if (order && canSee(order, viewer)) return this.view(order);
    if (token !== undefined) {
      const verdict = (await this.links.signer(ORDER_LINKS)).verify(id, token);
      if (verdict === 'invalid')
        throw new ForbiddenError('This order link is not valid. Please use the link from your order e-mail, or sign in.', 'ORDER_LINK_INVALID');
      if (verdict === 'expired')
        throw new GoneError('This order link has expired. Please sign in to see your order, or contact us for a new link.', 'ORDER_LINK_EXPIRED');
      if (order) return this.view(order);
    }
    throw new NotFoundError('Order not found', 'ORDER_NOT_FOUND');
  }

  private async view(order: Order): Promise<OrderView> {
    const place = order.pickupStopId === null ? null : await this.stops.placeOf(this.dataSource.manager, order.pickupStopId);
    return toOrderView(order, await this.itemsOf(order.id), place, place ? await this.zone.current() : '');
  }

  /** The confirmation page's call: the checkout already stored the order; find it by its payment. */
  async createFromPayment(paymentId: string, user: SessionUser): Promise<CreateFromPaymentResponse> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ paymentId });
    if (!order || !canSee(order, user)) throw new NotFoundError('Payment not found', 'PAYMENT_NOT_FOUND');
    return { orderId: order.id, testMode: order.testMode };
  }

  /** Newest first; the cursor is the id of the last order of the previous page. */
  async listMine(user: SessionUser, query: MyOrdersQuery): Promise<{ orders: ProviderOrder[]; nextCursor: string | null }> {
    const qb = this.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.user_id = :userId', { userId: user.id })
      .andWhere(`o.status <> 'PENDING'`)
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(query.limit + 1);
    if (query.cursor !== undefined) {
      const after = UUID.test(query.cursor) ? await this.dataSource.getRepository(Order).findOneBy({ id: query.cursor, userId: user.id }) : null;
      if (!after) throw new UserInputError('cursor is invalid', 'BAD_CURSOR');
      qb.andWhere('(o.created_at, o.id) < (SELECT c.created_at, c.id FROM orders c WHERE c.id = :cursor)', { cursor: after.id });
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    const items =
      page.length === 0
        ? []
        : await this.dataSource.getRepository(OrderItem).find({ where: { orderId: In(page.map((o) => o.id)) }, order: { position: 'ASC' } });
    return {
      orders: page.map((order) =>
        toProviderOrder(
          order,
          items.filter((item) => item.orderId === order.id),
        ),
      ),
      nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
    };
  }

  private itemsOf(orderId: string): Promise<OrderItem[]> {
    return this.dataSource.getRepository(OrderItem).find({ where: { orderId }, order: { position: 'ASC' } });
  }
}

function canSee(order: Order, viewer: SessionUser | undefined): boolean {
  return viewer !== undefined && (viewer.isAdmin || (order.userId !== null && order.userId === viewer.id));
}
