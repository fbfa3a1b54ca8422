import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The shop's calendar, as the end-to-end specs must read it. "Today" is the shop's day in its time
 * zone (GET /api/live says which), never the day of the machine running the tests: the seed puts
 * today's stops on the shop's day, and `npm test` runs this suite in a zone whose date differs
 * from the shop's (scripts/test.mjs), so a spec that takes the machine's day fails at any hour.
 */

/** 'YYYY-MM-DD' of `at` on the clock of `timeZone`. */
export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The shop's time zone, as the server reports it. */
export async function shopZone(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/live');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { timeZone: string }).timeZone;
}

/** The shop's today and its month's bounds ('YYYY-MM-DD', `to` exclusive). */
export async function shopCalendar(request: APIRequestContext) {
  const timeZone = await shopZone(request);
  const today = dayIn(new Date(), timeZone);
  const [year, month] = today.split('-').map(Number);
  const first = (y: number, m: number) => `${y + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { timeZone, today, monthFrom: first(year, month), monthTo: first(year, month + 1), dayOf: (instant: string) => dayIn(new Date(instant), timeZone) };
}

/** 'YYYY-MM-DD' plus days, calendar arithmetic. */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
