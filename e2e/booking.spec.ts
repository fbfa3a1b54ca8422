import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { shiftDay, shopCalendar } from './shop-clock';
import config from '../playwright.config';
import { calendarDay } from './calendar-helpers';
import { openAdminSection, tookOver } from './app-helpers';

/**
 * Event booking end to end, on the test-mode shop (Square not connected): a customer on
 * a phone books the Iced & Shake Bar four weeks out for 60 guests and sees the estimate → the owner
 * on a 1024×768 touch tablet finds the request in the inbox and the Bookings tab, accepts with an
 * adjusted quote → the customer opens the e-mailed link, pays the deposit with the test card and
 * sees 'Confirmed' → the booking shows on the tracker (the owner chose public) → the date is
 * disabled for the next customer → the customer cancels within the policy, the deposit's refund is
 * recorded and the stop leaves the tracker.
 */
const servers = [config.webServer ?? []].flat();
const BASE = String(config.use?.baseURL);
const env = servers.find((server) => BASE.endsWith(`:${server.env?.PORT}`))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const CUSTOMER = { name: 'Robin Park', email: `booker_${tag}@example.com` };
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

interface OutboxItem {
  to: string;
  subject: string;
  text: string;
  template: string | null;
}

async function adminRequest(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: ADMIN, headers: { Origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
}

/** The messages the shop queued for `to` (newest first), read as the owner reads them. */
async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const res = await request.get('/api/mail/outbox?limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as OutboxItem[] | { messages: OutboxItem[] };
  return (Array.isArray(body) ? body : body.messages).filter((m) => m.to === to);
}

const phone = (browser: Browser) => browser.newContext({ ...test.info().project.use, baseURL: BASE, serviceWorkers: 'block' });

test('a phone books the Iced & Shake Bar, the owner accepts on a tablet with an adjusted quote, the deposit confirms it and shows it on the tracker, the day is taken, a cancellation refunds the deposit', async ({
  browser,
  request,
}) => {
  const { today } = await shopCalendar(request);
  const date = shiftDay(today, 28);

  const customerContext = await phone(browser);
  const customer = await customerContext.newPage();
  const reference = await test.step('a customer on a phone books the Iced & Shake Bar four weeks out for 60 guests and sees the estimate', async () => {
    await customer.goto('/events');
    await customer.getByRole('button', { name: 'Book Your Event' }).click();
    const form = customer.getByRole('form', { name: 'Booking request' });
    await form.getByRole('radio', { name: 'Iced & Shake Bar' }).check();
    await (await calendarDay(form, date)).click();
    await expect(form.getByText(/^Chosen: /)).toBeVisible();
    await form.getByLabel('Start time').fill('14:00');
    await expect(form.getByLabel('End time')).toHaveValue('17:00');
    await form.getByLabel('Number of guests').fill('60');
    const estimate = customer.getByTestId('booking-estimate');
    await expect(estimate).toContainText('$630.00');
    await expect(estimate).toContainText('Deposit to confirm the date: $157.50 (25%)');
    await form.getByLabel('Venue name').fill('Riverside Pavilion');
    await form.getByLabel('Venue address').fill('200 River Rd, Portland, OR 97201');
    await form.getByLabel('Your name').fill(CUSTOMER.name);
    await form.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
    await form.getByLabel('Phone').fill('5035550123');
    await form.getByRole('button', { name: 'Request booking' }).click();
    await expect(customer).toHaveURL(/\/bookings\/CB-[2-9A-HJ-NP-Z]{4,6}\?token=/);
    await expect(customer.locator('.booking-state')).toHaveText('Requested');
    const heading = await customer.getByRole('heading', { level: 1 }).innerText();
    return heading.replace('Booking ', '').trim();
  });

  await adminRequest(request);
  const tablet = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const owner = await tablet.newPage();
  await test.step('the owner on a tablet finds the request in the inbox and opens it in Bookings', async () => {
    await owner.goto('/auth?redirect=/admin');
    await owner.getByLabel('Username').fill(ADMIN.username);
    await owner.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await owner.getByRole('button', { name: 'Login', exact: true }).tap();
    await expect(owner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await openAdminSection(owner, /^Inbox/);
    await expect(owner.getByText(`${reference}: Iced & Shake Bar, 60 guests`)).toBeVisible();
    await openAdminSection(owner, 'Bookings');
    await owner.getByRole('button', { name: new RegExp(`^Open booking ${reference}`) }).tap();
    await expect(owner.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  });

  await test.step('accepts with an adjusted quote and a note', async () => {
    await owner.getByRole('button', { name: 'Accept', exact: true }).tap();
    const dialog = owner.getByRole('dialog', { name: `Accept booking ${reference}` });
    await expect(dialog.getByLabel('Quote ($)')).toHaveValue('630.00');
    await dialog.getByLabel('Quote ($)').fill('700.00');
    await expect(dialog.getByText('Deposit (25%): $175.00 · balance $525.00')).toBeVisible();
    await dialog.getByLabel('Note to the customer (optional)').fill('A round $700 with a third server for the shakes.');
    await expect(dialog.getByLabel('Show on the tracker')).toHaveValue('none');
    await dialog.getByLabel('Show on the tracker').selectOption('public');
    await dialog.getByRole('button', { name: 'Accept and send quote' }).tap();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('region', { name: 'Money' }).getByText('$700.00')).toBeVisible();
  });

  const link = await test.step('the quote is e-mailed with the link to pay the deposit', async () => {
    const quote = (await outboxFor(request, CUSTOMER.email)).find((m) => m.template === 'booking-quote');
    expect(quote, JSON.stringify((await outboxFor(request, CUSTOMER.email)).map((m) => m.template))).toBeDefined();
    expect(quote!.text).toContain('$700.00');
    expect(quote!.text).toContain('A round $700 with a third server for the shakes.');
    const url = quote!.text.match(new RegExp(`https?://[^\\s]+/bookings/${reference}\\?token=[A-Za-z0-9._-]+`))?.[0];
    expect(url, quote!.text).toBeDefined();
    return url!;
  });

  await test.step('the customer opens the e-mailed link, pays the deposit with the test card and sees Confirmed', async () => {
    await customer.goto(link);
    await expect(customer.getByText('A round $700 with a third server for the shakes.')).toBeVisible();
    await customer.getByRole('button', { name: `Pay deposit (${money(17500)})` }).click();
    const card = customer.getByRole('form', { name: 'Payment' });
    await expect(card.getByText('TEST MODE', { exact: true })).toBeVisible();
    await card.getByLabel('Card holder', { exact: true }).fill(CUSTOMER.name);
    await card.getByLabel('Card number', { exact: true }).fill('4111 1111 1111 1111');
    await card.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
    await card.getByLabel('CVC', { exact: true }).fill('123');
    await card.getByRole('button', { name: `Pay ${money(17500)}` }).click();
    await expect(customer.locator('.booking-state')).toHaveText('Confirmed');
    await expect(customer.getByRole('region', { name: 'Price' }).getByText('Paid')).toBeVisible();
  });

  await test.step('the confirmed booking shows on the tracker on its day, with its title and place (the owner chose public)', async () => {
    const visitorContext = await phone(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/cocoa-tracker');
    const app = tookOver(visitor);
    await expect(app.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeVisible();
    const day = await calendarDay(app, date);
    await expect(day).toHaveClass(/tracker-cal__day--event/);
    await day.click();
    const stop = visitor.locator('section.tracker-day').getByRole('listitem').filter({ hasText: 'Riverside Pavilion' });
    await expect(stop.getByRole('heading', { level: 3, name: 'Iced & Shake Bar' })).toBeVisible();
    await visitorContext.close();
  });

  await test.step('the date is disabled for the next customer', async () => {
    const nextContext = await phone(browser);
    const next = await nextContext.newPage();
    await next.goto('/events');
    const day = await calendarDay(tookOver(next).getByRole('form', { name: 'Booking request' }), date);
    await expect(day).toBeDisabled();
    await expect(day).toHaveAccessibleName(/already booked$/);
    await nextContext.close();
  });

  await test.step('the customer cancels within the policy and the deposit refund is recorded', async () => {
    const section = customer.getByRole('region', { name: 'Cancellation' });
    await section.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = customer.getByRole('alertdialog', { name: `Cancel booking ${reference}?` });
    await expect(dialog.getByText('You would get back everything you paid: $175.00.')).toBeVisible();
    await dialog.getByLabel('Reason (optional)').fill('The party moved to another weekend');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(customer.locator('.booking-state')).toHaveText('Cancelled');
    await expect(customer.getByRole('region', { name: 'Price' }).getByText('Refunded').locator('..')).toContainText('$175.00');

    // The owner's record: a refund of the test-mode deposit, completed, in the booking's payments and thread.
    const list = (await (await request.get(`/api/admin/bookings?state=cancelled`)).json()) as { bookings: Array<{ id: number; reference: string }> };
    const id = list.bookings.find((b) => b.reference === reference)?.id;
    expect(id).toBeDefined();
    const detail = (await (await request.get(`/api/admin/bookings/${id}`)).json()) as {
      refundedCents: number;
      payments: Array<{ kind: string; amountCents: number; status: string; testMode: boolean }>;
    };
    expect(detail.refundedCents).toBe(17500);
    expect(detail.payments).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'refund', amountCents: 17500, status: 'completed', testMode: true })]),
    );
    const cancelled = (await outboxFor(request, CUSTOMER.email)).find((m) => m.template === 'booking-cancelled');
    expect(cancelled?.text).toContain('$175.00');
    // Its stop left the tracker with it.
    const stops = (await (await request.get(`/api/events?from=${date}&to=${shiftDay(date, 1)}`)).json()) as Array<{ location: string | null }>;
    expect(stops.filter((e) => e.location === 'Riverside Pavilion')).toEqual([]);
  });

  await customerContext.close();
  await tablet.close();
});
