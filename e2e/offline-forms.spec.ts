import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shiftDay, shopCalendar } from './shop-clock';
import config from '../playwright.config';
import { calendarDay } from './calendar-helpers';

/**
 * Writes that wait: a visitor on a phone writes to the shop with the network cut
 * (`context.setOffline`); the message is kept on the device and the form says so; when the network
 * is back it is sent by itself, once, and the owner's inbox holds it once. A second message whose
 * answer is lost on the way (the server stored it, the phone never heard) is sent again from the
 * device under the same key and still stored once. Other tests may have left messages: this one
 * finds its own by subject.
 */
const servers = [config.webServer ?? []].flat();
const BASE = String(config.use?.baseURL);
const env = servers.find((server) => BASE.endsWith(`:${server.env?.PORT}`))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const KEPT = "You're offline. Your message is saved on this device and will be sent when you're back online.";

// The service worker stays out of it: the page's own outbox is what is tested (the page is loaded online first).
test.use({ serviceWorkers: 'block' });

interface InboxItem {
  kind: string;
  subject: string;
  email: string;
}

/** The owner's inbox rows whose subject is `subject` (GET /api/admin/inbox, as the Inbox tab reads it). */
async function inboxRows(request: APIRequestContext, subject: string): Promise<InboxItem[]> {
  const login = await request.post('/api/login', { data: ADMIN, headers: { Origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
  const rows: InboxItem[] = [];
  for (let page = 1; page <= 5; page++) {
    const res = await request.get(`/api/admin/inbox?state=all&page=${page}`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { items: InboxItem[] };
    rows.push(...body.items.filter((item) => item.subject === subject));
    if (body.items.length === 0) break;
  }
  return rows;
}

async function write(page: Page, subject: string, text: string) {
  await page.getByLabel('Name', { exact: true }).fill('Robin Park');
  await page.getByLabel('Email', { exact: true }).fill(`offline_${tag}@example.com`);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).tap();
}

test('a contact message written offline is sent once when the network is back and reaches the inbox once', async ({ page, context, request }) => {
  const subject = `Cocoa at the park ${tag}`;
  const posts: Array<{ idempotencyKey?: string; subject?: string }> = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact')
      posts.push(req.postDataJSON() as { idempotencyKey?: string; subject?: string });
  });
  const saved = page.getByRole('region', { name: 'Messages saved on this device' });

  await test.step('with the network cut, the message is kept on the phone and the form says so', async () => {
    await page.goto('/contact');
    await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeVisible();
    await context.setOffline(true);
    await write(page, subject, 'Could you bring the cocoa cart to our picnic on Saturday?');
    await expect(page.getByText(KEPT)).toBeVisible();
    await expect(saved.getByText('Waiting to send')).toBeVisible();
    await expect(saved.getByText(subject)).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
    expect(posts).toEqual([]);
  });

  await test.step('the network returns: it is sent by itself, once, and the list says when', async () => {
    await context.setOffline(false);
    await expect(page.getByText('Your saved message has reached us.')).toBeVisible();
    await expect(saved.getByText(/^Sent at \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();
    await expect(page.getByText(KEPT)).toBeHidden();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ subject, idempotencyKey: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  await test.step("the owner's inbox holds it once", async () => {
    expect(await inboxRows(request, subject)).toEqual([expect.objectContaining({ kind: 'contact', subject, email: `offline_${tag}@example.com` })]);
  });

  await test.step('a message whose answer is lost on the way is sent again under the same key and stored once', async () => {
    const lost = `Answer lost ${tag}`;
    let dropAnswer = true;
    await page.route('**/api/contact', async (route) => {
      if (!dropAnswer) return route.continue();
      dropAnswer = false;
      // The server gets it and stores it; the phone never hears back.
      await route.fetch();
      await route.abort('failed');
    });
    await write(page, lost, 'Do you have oat milk?');
    await expect(page.getByText(KEPT)).toBeVisible();
    const item = saved.getByRole('listitem').filter({ hasText: lost });
    await expect(item.getByText('Waiting to send')).toBeVisible();
    await item.getByRole('button', { name: 'Send now' }).tap();
    await expect(item.getByText(/^Sent at /)).toBeVisible();
    const keys = posts.filter((p) => p.subject === lost).map((p) => p.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await inboxRows(request, lost)).toHaveLength(1);
    await page.unroute('**/api/contact');
  });

  await test.step('a sent entry is dismissed', async () => {
    const dismiss = saved.getByRole('button', { name: 'Dismiss' });
    await expect(dismiss).toHaveCount(2);
    await dismiss.first().tap();
    await expect(dismiss).toHaveCount(1);
    await dismiss.first().tap();
    await expect(saved).toBeHidden();
  });
});

test('a booking request made offline is sent once when the network is back and reaches the inbox once', async ({ page, context, request }) => {
  const email = `offline_booking_${tag}@example.com`;
  const posts: Array<{ idempotencyKey?: string }> = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/bookings') posts.push(req.postDataJSON() as { idempotencyKey?: string });
  });
  // A day far enough out that the booking e2e (four weeks out) does not meet it.
  const { today } = await shopCalendar(request);
  const date = shiftDay(today, 45 + Math.floor(Math.random() * 30));
  const saved = page.getByRole('status', { name: 'Booking requests on this device' });

  await test.step('the form is opened online; with the network cut, the request is kept on the phone', async () => {
    await page.goto('/events');
    await page.getByRole('button', { name: 'Book Your Event' }).click();
    const form = page.getByRole('form', { name: 'Booking request' });
    await form.getByRole('radio', { name: 'Iced & Shake Bar' }).check();
    await (await calendarDay(form, date)).click();
    await form.getByLabel('Start time').fill('14:00');
    await form.getByLabel('Number of guests').fill('40');
    await form.getByLabel('Venue name').fill('Lakeside Pavilion');
    await form.getByLabel('Venue address').fill('1 Lake Shore Dr, Portland, OR 97201');
    await form.getByLabel('Your name').fill('Robin Park');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone').fill('5035550123');
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Request booking' }).click();
    await expect(saved.getByText("Saved on this device: we'll send your booking request when you're back online.")).toBeVisible();
    expect(posts).toEqual([]);
  });

  const reference = await test.step('the network returns: it is sent by itself, once, with its reference', async () => {
    await context.setOffline(false);
    const sent = saved.getByText(/^Your saved booking request was sent: CB-[2-9A-HJ-NP-Z]{4,6}\.$/);
    await expect(sent).toBeVisible({ timeout: 15_000 });
    expect(posts).toHaveLength(1);
    expect(posts[0].idempotencyKey).toMatch(/^[0-9a-f]{16}$/);
    return (await sent.innerText()).replace(/^.*: /, '').replace(/\.$/, '');
  });

  await test.step("the owner's inbox holds it once", async () => {
    const rows = await inboxRows(request, `${reference}: Iced & Shake Bar, 40 guests`);
    expect(rows).toEqual([expect.objectContaining({ kind: 'booking', email })]);
  });
});
