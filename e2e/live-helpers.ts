import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { shiftDay, shopCalendar } from './shop-clock';
import config from '../playwright.config';

/** What the live tracker's end-to-end specs share: the server, the owner, today's stop, an open tracker, the tablet. */
const servers = [config.webServer ?? []].flat();
export const BASE = String(config.use?.baseURL);
const env = servers.find((server) => BASE.endsWith(`:${server.env?.PORT}`))?.env ?? {};
export const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };

interface Stop {
  id: number;
  title: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

export async function adminRequest(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: ADMIN, headers: { Origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
}

/** A stop of the shop's today with a position (the seed has some; one is added if not). */
export async function todaysStop(request: APIRequestContext): Promise<Stop> {
  const { today } = await shopCalendar(request);
  const tomorrow = shiftDay(today, 1);
  const res = await request.get('/api/events', { params: { from: today, to: tomorrow } });
  expect(res.status(), await res.text()).toBe(200);
  const located = ((await res.json()) as Stop[]).find((s) => s.latitude !== null && s.longitude !== null);
  if (located) return located;
  // Noon-ish on the shop's today: 18:00 UTC is the same day in every US zone.
  const created = await request.post('/api/events', {
    headers: { Origin: BASE },
    data: {
      title: 'Live e2e stop',
      location: 'Live Test Plaza',
      address: '1 Plaza Way, Springfield, IL',
      date: `${today}T18:00:00.000Z`,
      startTime: '09:00',
      endTime: '20:00',
      latitude: 39.7817,
      longitude: -89.6501,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Stop;
}

export async function checkOutIfLive(request: APIRequestContext) {
  const state = (await (await request.get('/api/live')).json()) as { live: boolean };
  if (state.live) expect((await request.post('/api/admin/live/check-out', { headers: { Origin: BASE } })).status()).toBe(200);
}

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

/** The tracker open on a phone, its stream connected (answered) through the service worker in control. */
export async function openTracker(page: Page) {
  await page.goto('/cocoa-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeVisible();
  await waitForServiceWorkerControl(page);
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live/stream');
  await page.reload();
  expect((await stream).headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(page.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeVisible();
}

/** The owner's tablet: 1024x768, touch. */
export const TABLET = { baseURL: BASE, viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false, hasTouch: true } as const;

export const tablet = (browser: Browser) => browser.newContext({ ...TABLET, serviceWorkers: 'block' });

/** The owner signs in with taps and lands on `redirect`. */
export async function signInWithTaps(page: Page, redirect: string) {
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).tap();
}

/** Signed in on the admin's summary, which takes today's stops along for a tablet that loses signal. */
export async function openAdminWithTodaysStops(page: Page) {
  await signInWithTaps(page, '/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Orders and revenue' })).toBeVisible();
  await page.waitForFunction(() => (localStorage.getItem('cocoa-query-cache') ?? '').includes('"today"'));
}
