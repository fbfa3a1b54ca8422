import { z } from 'zod';
import { WEEK_STARTS_ON } from '../time-zone';
import { lowStockProductSchema } from './catalogue.schema';
import { scheduledEventSchema } from './events.schema';

/**
 * GET /api/admin/summary: the week at a glance. Periods are read in the shop's time
 * zone: today from midnight, the week from Monday's midnight (WEEK_STARTS_ON), the month from the
 * 1st. An order counts once it is paid (COMPLETED) and not cancelled; revenue is what it took
 * (its total with shipping and tax, less refunds), on the day it was placed. Test-mode orders are
 * counted apart and never mixed into the real figures. Money in integer cents.
 */
export const SUMMARY_PERIODS = ['today', 'week', 'month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];
/** Days of the revenue chart, today included. */
export const SUMMARY_CHART_DAYS = 30;
export const SUMMARY_TOP_PRODUCTS = 5;
export const SUMMARY_NEXT_STOPS = 5;
export const SUMMARY_LOW_STOCK = 10;

const figuresSchema = z.object({ orders: z.number(), revenueCents: z.number(), averageCents: z.number() });
export type SummaryFigures = z.infer<typeof figuresSchema>;

const periodSchema = z.object({
  /** The period's first instant (midnight in the shop's zone). */
  from: z.string(),
  real: figuresSchema,
  test: figuresSchema,
});

const topProductSchema = z.object({ productId: z.number().nullable(), name: z.string(), quantity: z.number(), revenueCents: z.number() });
export type SummaryTopProduct = z.infer<typeof topProductSchema>;

export const summarySchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  weekStartsOn: z.literal(WEEK_STARTS_ON),
  periods: z.object({ today: periodSchema, week: periodSchema, month: periodSchema }),
  /** This month's real orders: the five best sellers by quantity and by revenue (line totals). */
  topProducts: z.object({ byQuantity: z.array(topProductSchema), byRevenue: z.array(topProductSchema) }),
  /** Paid orders not shipped yet (fulfilment paid or packed); test orders counted apart. */
  waitingToShip: z.object({ orders: z.number(), testOrders: z.number(), oldestAt: z.string().nullable() }),
  /** The last SUMMARY_CHART_DAYS days (shop zone), oldest first, every day present; real orders only. */
  dailyRevenue: z.array(z.object({ day: z.string(), orders: z.number(), revenueCents: z.number() })),
  unreadMessages: z.number(),
  /** Counted products at or below their low-stock threshold, fewest first (at most SUMMARY_LOW_STOCK). */
  lowStock: z.array(lowStockProductSchema),
  /** The next scheduled stops, from today on. */
  nextStops: z.array(scheduledEventSchema),
});
export type Summary = z.infer<typeof summarySchema>;
