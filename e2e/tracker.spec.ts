import { expect, test, type Page } from '@playwright/test';
import { tookOver } from './app-helpers';
import { shopCalendar } from './shop-clock';

interface ApiEvent {
  id: number;
  title: string;
  date: string;
  latitude: number | null;
  longitude: number | null;
}

const TILE_DOUBLE = 'http://localhost:4311';
const pad = (n: number) => String(n).padStart(2, '0');

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

const dayList = (page: Page) => page.locator('section.tracker-day');
const markers = (page: Page) => page.locator('.leaflet-marker-icon');
const loadedTiles = (page: Page) => page.locator('img.leaflet-tile.leaflet-tile-loaded');
// On a phone the map loads once it is scrolled into view, as a person does to look at it. The
// app's map box once the app has taken over the server's painted copy (after a reload).
const scrollToMap = (page: Page) => tookOver(page).locator('.tracker__map').scrollIntoViewIfNeeded();

test("the tracker shows this month's stops on the calendar, the list and the map, and keeps working offline", async ({ page, context, request }) => {
  const { today, monthFrom, monthTo, dayOf: dayKey } = await shopCalendar(request);
  const monthEvents = (await (await request.get('/api/events', { params: { from: monthFrom, to: monthTo } })).json()) as ApiEvent[];
  const located = monthEvents.filter((e) => e.latitude !== null && e.longitude !== null);
  const todays = monthEvents.filter((e) => dayKey(e.date) === today);
  expect(todays.length).toBeGreaterThan(0); // the seed always has a stop today
  const otherDay = monthEvents.map((e) => dayKey(e.date)).find((d) => d !== today) as string;
  const daysWithEvents = new Set(monthEvents.map((e) => dayKey(e.date)));
  const emptyDay = Array.from({ length: 28 }, (_, i) => `${today.slice(0, 8)}${pad(i + 1)}`).find((d) => !daysWithEvents.has(d)) as string;

  await test.step('opens on today with its stops, outlined event dates and a marker per located stop', async () => {
    await page.goto('/cocoa-tracker');
    // The app's page, not the server's painted copy it replaces (an element of that one can be gone mid-step).
    await expect(tookOver(page).getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeVisible();
    await expect(dayList(page).getByRole('heading', { level: 3, name: todays[0].title })).toBeVisible();
    for (const day of daysWithEvents) await expect(page.locator(`[data-day="${day}"]`)).toHaveClass(/tracker-cal__day--event/);
    await expect(page.locator(`[data-day="${emptyDay}"]`)).not.toHaveClass(/tracker-cal__day--event/);
    await scrollToMap(page);
    await expect(markers(page)).toHaveCount(located.length);
    await expect(page.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute('href', /^webcal:\/\/localhost:4310\/api\/events\/calendar\.ics$/);
  });

  await test.step('choosing a date lists its events; an empty date says so', async () => {
    await page.locator(`[data-day="${otherDay}"]`).click();
    const expected = monthEvents.filter((e) => dayKey(e.date) === otherDay);
    for (const e of expected) await expect(dayList(page).getByRole('heading', { level: 3, name: e.title })).toBeVisible();
    await expect(dayList(page).getByRole('listitem')).toHaveCount(expected.length);
    await expect(dayList(page).getByRole('button', { name: 'View on Map' }).first()).toBeVisible();
    await expect(dayList(page).getByRole('link', { name: 'Get Directions' }).first()).toHaveAttribute('target', '_blank');

    await page.locator(`[data-day="${emptyDay}"]`).click();
    await expect(dayList(page).getByText('No events scheduled for this date.')).toBeVisible();
    await expect(dayList(page).getByText('Check another date or come back soon!')).toBeVisible();
  });

  await test.step('a marker opens its popup', async () => {
    await page.locator(`[data-day="${today}"]`).click();
    await page.locator(`.leaflet-marker-icon[title="${todays[0].title}"]`).first().click({ force: true });
    await expect(page.locator('.leaflet-popup-content').getByText(todays[0].title)).toBeVisible();
    await expect(page.locator('.leaflet-popup-content').getByRole('link', { name: 'Get Directions' })).toBeVisible();
  });

  await test.step('the service worker caches the month and the tiles seen', async () => {
    await waitForServiceWorkerControl(page);
    await page.reload();
    await expect(dayList(page).getByRole('heading', { level: 3, name: todays[0].title })).toBeVisible();
    await scrollToMap(page);
    await expect.poll(() => loadedTiles(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // let every visible tile finish so the cache holds them all
    await expect.poll(() => page.locator('img.leaflet-tile:not(.leaflet-tile-loaded)').count(), { timeout: 20_000 }).toBe(0);
  });

  await test.step('with the network cut, a reload still shows the month, the markers and the tiles seen before', async () => {
    const hitsBefore = (await (await request.get(`${TILE_DOUBLE}/hits`)).json()).hits as number;
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeVisible();
    await expect(dayList(page).getByRole('heading', { level: 3, name: todays[0].title })).toBeVisible();
    await expect(page.getByText(/Last updated /)).toBeVisible();
    await scrollToMap(page);
    await expect(markers(page)).toHaveCount(located.length);
    await expect.poll(() => loadedTiles(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.locator(`[data-day="${otherDay}"]`).click();
    await expect(dayList(page).getByRole('listitem').first()).toBeVisible();
    // Counted before the network comes back: from then on the map may fetch what it could not show.
    const hitsAfter = (await (await request.get(`${TILE_DOUBLE}/hits`)).json()).hits as number;
    await context.setOffline(false);
    expect(hitsAfter).toBe(hitsBefore);
  });
});
