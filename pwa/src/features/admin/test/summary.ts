import type { Summary } from '@cocoa/shared-types';

const EMPTY = { orders: 0, revenueCents: 0, averageCents: 0 };

/**
 * GET /api/admin/summary on a quiet Thursday 2 April 2026 in Chicago: no sales today, this week or
 * this month, nothing waiting, low or scheduled, no message unread; a test gives what it speaks of.
 */
export function quietSummary(over: Partial<Summary> = {}): Summary {
  return {
    generatedAt: '2026-04-02T14:00:00.000Z',
    timeZone: 'America/Chicago',
    weekStartsOn: 'Monday',
    periods: {
      today: { from: '2026-04-02T05:00:00.000Z', real: EMPTY, test: EMPTY },
      week: { from: '2026-03-30T05:00:00.000Z', real: EMPTY, test: EMPTY },
      month: { from: '2026-04-01T05:00:00.000Z', real: EMPTY, test: EMPTY },
    },
    topProducts: { byQuantity: [], byRevenue: [] },
    waitingToShip: { orders: 0, testOrders: 0, oldestAt: null },
    dailyRevenue: [{ day: '2026-04-02', orders: 0, revenueCents: 0 }],
    unreadMessages: 0,
    lowStock: [],
    nextStops: [],
    ...over,
  };
}
