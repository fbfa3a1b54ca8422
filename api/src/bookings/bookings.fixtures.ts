import { randomBytes } from 'node:crypto';
import { type BookingRequestInput, dayIn, DEFAULT_SHOP_TIME_ZONE, shiftDay } from '@cocoa/shared-types';
import type { DataSource } from 'typeorm';
import { type LinkVerdict, SignedLinksService } from '../links/signed-links.service';
import type { TestApp } from '../test/test-app';
import { BOOKING_LINKS, type LinkedBooking } from './booking-links';

/** Test fixtures for the booking specs (plain data and HTTP steps, no test framework). */

type Agent = ReturnType<TestApp['agent']>;

/** The shop's today ('YYYY-MM-DD', America/Chicago unless the spec set another zone), `days` later. */
export function shopDay(days: number, now = new Date(), timeZone = DEFAULT_SHOP_TIME_ZONE): string {
  return shiftDay(dayIn(now, timeZone), days);
}

/** A package of our own, independent of the seeded ones: $10 a guest, $250 minimum, 25 % deposit, 10-100 guests. */
export async function insertPackage(
  dataSource: DataSource,
  over: Partial<{ name: string; active: boolean; depositPercent: number; minimumCents: number; pricePerGuestCents: number }> = {},
): Promise<{ id: number; name: string }> {
  const name = over.name ?? `Test Cocoa Bar ${randomBytes(3).toString('hex')}`;
  const rows: Array<{ id: number }> = await dataSource.query(
    `INSERT INTO booking_packages (name, description, included, price_per_guest_cents, minimum_cents, deposit_percent, duration_minutes, min_guests, max_guests, active)
     VALUES ($1, 'A test package', '["Cocoa"]', $2, $3, $4, 180, 10, 100, $5) RETURNING id`,
    [name, over.pricePerGuestCents ?? 1000, over.minimumCents ?? 25000, over.depositPercent ?? 25, over.active ?? true],
  );
  return { id: Number(rows[0].id), name };
}

/** A valid request for `packageId`, 30 days ahead: 40 guests at $10 is $400, deposit $100. */
export function requestBody(packageId: number, over: Partial<BookingRequestInput> = {}): BookingRequestInput {
  return {
    packageId,
    date: shopDay(30),
    startTime: '18:00',
    endTime: '21:00',
    guests: 40,
    venueName: 'Lakeside Pavilion',
    venueAddress: '1200 Lake Shore Drive, Springfield, IL 62712',
    contactName: 'Ana Díaz',
    contactEmail: 'ana.diaz@example.com',
    contactPhone: '(217) 555-0142',
    notes: 'Outdoor reception; power outlet by the pavilion.',
    ...over,
  };
}

export interface Requested {
  id: number;
  reference: string;
  token: string;
}

/** A request made through the API; answers its id (read from the table), reference and token. */
export async function requestBooking(t: TestApp, body: BookingRequestInput, agent: Agent = t.agent()): Promise<Requested> {
  const res = await agent.post('/api/bookings').send(body);
  if (res.status !== 201) throw new Error(`booking request failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [row]: Array<{ id: number }> = await t.dataSource.query('SELECT id FROM bookings WHERE reference = $1', [res.body.reference]);
  return { id: Number(row.id), reference: res.body.reference, token: res.body.token };
}

let keys = 0;
/** A fresh idempotency key, as the payment step makes one per attempt. */
export const paymentKey = () => `bk-${Date.now().toString(36)}-${(keys++).toString(36)}-${randomBytes(4).toString('hex')}`;

/** Pays the deposit or the balance through the booking's own link, with the test card unless `over` names another source. */
export function payBooking(t: TestApp, b: Requested, kind: 'deposit' | 'balance' = 'deposit', over: { sourceId?: string; idempotencyKey?: string } = {}) {
  return t
    .agent()
    .post(`/api/bookings/${b.reference}/payments`)
    .query({ token: b.token })
    .send({ kind, sourceId: over.sourceId ?? 'cnon:card-nonce-ok', idempotencyKey: over.idempotencyKey ?? paymentKey() });
}

/** The booking's state and money, straight from its row. */
export async function bookingRow(
  dataSource: DataSource,
  id: number,
): Promise<{
  state: string;
  quote_cents: number;
  deposit_cents: number;
  balance_cents: number;
  deposit_paid_cents: number;
  balance_paid_cents: number;
  refunded_cents: number;
  balance_due_date: string | null;
}> {
  const [row] = await dataSource.query(
    'SELECT state, quote_cents, deposit_cents, balance_cents, deposit_paid_cents, balance_paid_cents, refunded_cents, balance_due_date::text AS balance_due_date FROM bookings WHERE id = $1',
    [id],
  );
  return row;
}

/** Messages queued since `afterId` (outbox id), oldest first, written out as their delivery writes them. */
export async function mailsSince(
  t: Pick<TestApp, 'dataSource' | 'mailWritten'>,
  afterId: number,
): Promise<
  Array<{
    id: number;
    recipient: string;
    subject: string;
    template: string;
    body_text: string;
    attachments: Array<{ filename: string; content: string; contentType: string }> | null;
  }>
> {
  await t.mailWritten();
  return t.dataSource.query('SELECT id, recipient, subject, template, body_text, attachments FROM mail_outbox WHERE id > $1 ORDER BY id', [afterId]);
}

export async function lastMailId(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query('SELECT COALESCE(max(id), 0)::int AS id FROM mail_outbox');
  return Number(row.id);
}

/**
 * What the booking's signer says of the link to `reference` that `text` carries (an e-mail's body,
 * an answer's URL), or 'absent'. A link is checked, not compared as text with one issued earlier:
 * a token names the day (UTC) it was issued, so two issued either side of midnight differ.
 */
export async function bookingLinkIn(t: TestApp, text: string, reference: string): Promise<LinkVerdict | 'absent'> {
  const token = new RegExp(`/bookings/${reference}\\?token=([A-Za-z0-9._-]+)`).exec(text)?.[1];
  if (!token) return 'absent';
  const [booking] = await t.dataSource.query<LinkedBooking[]>(`SELECT reference, token_nonce AS "tokenNonce" FROM bookings WHERE reference = $1`, [reference]);
  const signer = await t.app.get(SignedLinksService).signer(BOOKING_LINKS);
  return signer.verify(booking, token);
}
