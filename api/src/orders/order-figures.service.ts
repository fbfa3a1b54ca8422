import {
  dayIn,
  startOfDayIn,
  startOfMonthIn,
  startOfWeekIn,
  type Summary,
  SUMMARY_CHART_DAYS,
  SUMMARY_PERIODS,
  SUMMARY_TOP_PRODUCTS,
  type SummaryFigures,
  type SummaryPeriod,
  type SummaryTopProduct,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Order } from './order.entity';

/** The orders the owner's figures count: paid and not cancelled (shared with every query below). */
const COUNTED = `o.status = 'COMPLETED' AND o.fulfilment_status IS DISTINCT FROM 'cancelled'`;

/** The orders' part of the owner's summary. */
export type OrderFigures = Pick<Summary, 'periods' | 'topProducts' | 'waitingToShip' | 'dailyRevenue'>;

interface DayRow {
  day: string;
  test: boolean;
  orders: number;
  revenue: string | number;
}

interface TopRow {
  product_id: number | null;
  name: string;
  quantity: number;
  revenue: string | number;
  by_quantity: string | number;
  by_revenue: string | number;
}

/**
 * The orders' figures of the week at a glance (the back office's summary), from SQL aggregates
 * over this module's tables.
 *
 * - Periods are days of the shop's zone (`timeZone`): today, this week from Monday
 *   (WEEK_STARTS_ON), this month from the 1st; each until the end of today.
 * - An order counts when it is paid (COMPLETED) and not cancelled, on the day it was placed;
 *   revenue is its total (shipping and tax included) less what was refunded, the average is
 *   revenue / orders rounded to the cent. Pending and approved-only (OPEN) payments are not counted.
 * - Test-mode orders are counted apart in every figure, never mixed in; top products and the chart
 *   are real orders only.
 * - One grouped scan gives every day since the earliest period start (at most ~37 days of paid
 *   orders, read through orders_completed_created_idx); the periods and the 30-day chart are sums of
 *   those days, so the three periods and the chart always agree.
 */
@Injectable()
export class OrderFiguresService {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /** The periods, best sellers, orders waiting to ship and the 30-day chart, read at `now` in the shop's `timeZone`. */
  async figures(now: Date, timeZone: string): Promise<OrderFigures> {
    const starts: Record<SummaryPeriod, Date> = {
      today: startOfDayIn(now, timeZone),
      week: startOfWeekIn(now, timeZone),
      month: startOfMonthIn(now, timeZone),
    };
    const chartStart = startOfDayIn(now, timeZone, 1 - SUMMARY_CHART_DAYS);
    const end = startOfDayIn(now, timeZone, 1);
    const earliest = new Date(Math.min(chartStart.getTime(), starts.week.getTime(), starts.month.getTime()));

    const [days, topProducts, waitingToShip] = await Promise.all([
      this.days(timeZone, earliest, end),
      this.topProducts(starts.month, end),
      this.waitingToShip(),
    ]);

    const periodDay = (period: SummaryPeriod) => dayIn(starts[period], timeZone);
    const periods = Object.fromEntries(
      SUMMARY_PERIODS.map((period) => {
        const from = periodDay(period);
        const inPeriod = days.filter((d) => d.day >= from);
        return [period, { from: starts[period].toISOString(), real: figures(inPeriod.filter((d) => !d.test)), test: figures(inPeriod.filter((d) => d.test)) }];
      }),
    ) as Summary['periods'];

    const realByDay = new Map(days.filter((d) => !d.test).map((d) => [d.day, d]));
    const dailyRevenue = Array.from({ length: SUMMARY_CHART_DAYS }, (_, i) => {
      const day = dayIn(startOfDayIn(now, timeZone, i + 1 - SUMMARY_CHART_DAYS), timeZone);
      const found = realByDay.get(day);
      return { day, orders: found?.orders ?? 0, revenueCents: found ? Number(found.revenue) : 0 };
    });

    return { periods, topProducts, waitingToShip, dailyRevenue };
  }

  /** Counted orders and revenue per day of the shop's zone and per test flag, from `from` until `end`. */
  private days(timeZone: string, from: Date, end: Date): Promise<DayRow[]> {
    return this.orders.query<DayRow[]>(
      `SELECT to_char(date_trunc('day', o.created_at AT TIME ZONE $1), 'YYYY-MM-DD') AS day, o.test_mode AS test,
              count(*)::int AS orders, sum(o.total_cents - o.refunded_cents)::bigint AS revenue
         FROM orders o
        WHERE ${COUNTED} AND o.created_at >= $2 AND o.created_at < $3
        GROUP BY 1, 2`,
      [timeZone, from, end],
    );
  }

  /** This month's real best sellers by quantity and by revenue (line totals), from one grouped scan. */
  private async topProducts(from: Date, end: Date): Promise<Summary['topProducts']> {
    // Lines are grouped by product, a deleted product's (product_id null) by their name; each row
    // shows the name of its latest line this month (a renamed product its new name), read by primary
    // key for the ten ranked rows only (the planner's estimate stays small: no JIT on PostgreSQL).
    const rows = await this.orders.query<TopRow[]>(
      `SELECT ranked.product_id, (SELECT l.name FROM order_items l WHERE l.id = ranked.last_line) AS name, ranked.quantity, ranked.revenue, ranked.by_quantity, ranked.by_revenue
         FROM (SELECT product_id, last_line, quantity, revenue,
                      row_number() OVER (ORDER BY quantity DESC, revenue DESC, last_line DESC) AS by_quantity,
                      row_number() OVER (ORDER BY revenue DESC, quantity DESC, last_line DESC) AS by_revenue
                 FROM (SELECT i.product_id, max(i.id) AS last_line, sum(i.quantity)::int AS quantity, sum(i.total_cents)::bigint AS revenue
                         FROM orders o JOIN order_items i ON i.order_id = o.id
                        WHERE ${COUNTED} AND NOT o.test_mode AND o.created_at >= $1 AND o.created_at < $2
                        GROUP BY i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END) sold) ranked
        WHERE ranked.by_quantity <= $3 OR ranked.by_revenue <= $3`,
      [from, end, SUMMARY_TOP_PRODUCTS],
    );
    const product = (r: TopRow): SummaryTopProduct => ({ productId: r.product_id, name: r.name, quantity: r.quantity, revenueCents: Number(r.revenue) });
    const ranked = (key: 'by_quantity' | 'by_revenue') =>
      rows
        .filter((r) => Number(r[key]) <= SUMMARY_TOP_PRODUCTS)
        .sort((a, b) => Number(a[key]) - Number(b[key]))
        .map(product);
    return { byQuantity: ranked('by_quantity'), byRevenue: ranked('by_revenue') };
  }

  /** Paid orders not shipped yet (fulfilment paid or packed), real and test apart, and when the oldest real one was placed. */
  private async waitingToShip(): Promise<Summary['waitingToShip']> {
    const [row] = await this.orders.query<Array<{ orders: number; test_orders: number; oldest: Date | string | null }>>(
      `SELECT count(*) FILTER (WHERE NOT test_mode)::int AS orders, count(*) FILTER (WHERE test_mode)::int AS test_orders,
              min(created_at) FILTER (WHERE NOT test_mode) AS oldest
         FROM orders WHERE status = 'COMPLETED' AND fulfilment_status IN ('paid', 'packed')`,
    );
    return { orders: row.orders, testOrders: row.test_orders, oldestAt: row.oldest === null ? null : new Date(row.oldest).toISOString() };
  }
}

function figures(days: DayRow[]): SummaryFigures {
  const orders = days.reduce((n, d) => n + d.orders, 0);
  const revenueCents = days.reduce((n, d) => n + Number(d.revenue), 0);
  return { orders, revenueCents, averageCents: orders ? Math.round(revenueCents / orders) : 0 };
}
