import { expect, test, type Page } from '@playwright/test';
import { shopCalendar } from './shop-clock';

/**
 * Web Push on the tracker, in the browser: the service worker shows the shop's
 * notification. Headless Chromium cannot subscribe to a real push service, so the message is
 * delivered to the service worker through the DevTools protocol (ServiceWorker.deliverPushMessage),
 * as a push service would hand it over once decrypted; the encrypted path (RFC 8291, VAPID) is
 * proven against a local push-service double in api/src/live/push.spec.ts.
 */

interface ApiEvent {
  id: number;
  title: string;
  date: string;
  location: string | null;
}
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url: string };
}

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string },
    })),
  );

test('a push message reaches the service worker, which shows the notification that opens the tracker on that stop', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://localhost:4310').origin;
  await context.grantPermissions(['notifications'], { origin });
  const { today, dayOf } = await shopCalendar(request);
  const todays = ((await (await request.get('/api/events', { params: { from: today } })).json()) as ApiEvent[]).filter((e) => dayOf(e.date) === today);
  expect(todays.length).toBeGreaterThan(0); // the seed always has a stop today
  const stop = todays[0];

  await test.step('each stop of the day offers notifications and a calendar file', async () => {
    await page.goto('/cocoa-tracker');
    const item = page.locator('section.tracker-day li', { has: page.getByRole('heading', { level: 3, name: stop.title }) }).first();
    await expect(item.getByRole('button', { name: `Tell me when the cart arrives at ${stop.location || stop.title}` })).toBeVisible();
    const calendar = item.getByRole('link', { name: `Add to my calendar: ${stop.title}` });
    await expect(calendar).toHaveAttribute('href', `/api/events/${stop.id}/calendar.ics`);
    await expect(calendar).toHaveAttribute('download', `cocoa-stop-${stop.id}.ics`);
    const ics = await request.get(`/api/events/${stop.id}/calendar.ics`);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`SUMMARY:${stop.title}`);
    await expect(page.getByRole('button', { name: 'Notify me of the next check-in anywhere' })).toBeVisible();
  });

  await test.step('the service worker shows a pushed message as a notification', async () => {
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = {
      title: `Serving now at ${stop.location || stop.title}`,
      body: 'The cocoa cart just arrived. Tap to see it on the tracker.',
      url: `/cocoa-tracker?stop=${stop.id}`,
      tag: 'live',
    };
    // DevTools hands a message to the worker without a push service's retries: one sent while the
    // freshly installed worker is still settling can be dropped on a busy machine, so it is sent
    // again until shown. One tag means repeats still leave exactly one notification.
    const deliverUntilShown = async (data: string) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
      return shownNotifications(page);
    };
    await expect
      .poll(() => deliverUntilShown(JSON.stringify(payload)), { timeout: 20_000, intervals: [1_000, 2_000] })
      .toEqual([{ title: payload.title, body: payload.body, tag: 'live', icon: `${origin}/icons/icon-192.png`, data: { url: payload.url } }]);

    // A newer message replaces the older one (one tag); a link to another site is never followed.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify({ ...payload, title: 'Closed for today', url: 'https://evil.example/' }),
    });
    await expect
      .poll(() => shownNotifications(page), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ title: 'Closed for today', data: { url: '/cocoa-tracker' } })]);
  });
});
