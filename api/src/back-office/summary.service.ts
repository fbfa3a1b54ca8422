import { type Summary, SUMMARY_LOW_STOCK, SUMMARY_NEXT_STOPS, WEEK_STARTS_ON } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { StockService } from '../catalogue/stock.service';
import { EventsService } from '../events/events.service';
import { OrderFiguresService } from '../orders/order-figures.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { InboxService } from './inbox.service';

/**
 * The week at a glance (GET /api/admin/summary): each part read through the service of the module
 * that owns it, at one instant and in the shop's zone: the order figures from orders, unread
 * messages from the inbox, low stock from the catalogue, the next stops from events.
 */
@Injectable()
export class SummaryService {
  constructor(
    private readonly shopTime: ShopTimeZoneService,
    private readonly orders: OrderFiguresService,
    private readonly inbox: InboxService,
    private readonly stock: StockService,
    private readonly events: EventsService,
  ) {}

  async summary(now = new Date()): Promise<Summary> {
    const timeZone = await this.shopTime.current();
    const [orders, counts, lowStock, nextStops] = await Promise.all([
      this.orders.figures(now, timeZone),
      this.inbox.counts(),
      this.stock.lowStock(SUMMARY_LOW_STOCK),
      this.events.upcoming(SUMMARY_NEXT_STOPS, now),
    ]);
    return {
      generatedAt: now.toISOString(),
      timeZone,
      weekStartsOn: WEEK_STARTS_ON,
      periods: orders.periods,
      topProducts: orders.topProducts,
      waitingToShip: orders.waitingToShip,
      dailyRevenue: orders.dailyRevenue,
      unreadMessages: counts.unread,
      lowStock,
      nextStops,
    };
  }
}
