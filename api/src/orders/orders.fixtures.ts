import { randomBytes } from 'node:crypto';
import { type CheckoutCompleteInput, DAY_MS, dayIn, MONEY_SETTINGS_DEFAULTS, noonOf, percentOfCents, pickupSlotTimes, priceOrder } from '@cocoa/shared-types';
import type { DataSource } from 'typeorm';

/** Test fixtures for the checkout and order specs (plain data, no test framework). */
export interface FixtureProduct {
  id: number;
  name: string;
  priceCents: number;
  variationId: string;
}

export interface CheckoutFixtures {
  cocoa: FixtureProduct;
  mug: FixtureProduct;
  soldOut: FixtureProduct;
}

/** Products of our own, independent of the demo seed: $12.99, $4.50 and one out of stock. */
export async function insertCheckoutProducts(dataSource: DataSource): Promise<CheckoutFixtures> {
  const tag = randomBytes(4).toString('hex');
  const insert = async (name: string, priceCents: number, inStock: boolean): Promise<FixtureProduct> => {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}`;
    const variationId = `TEST-VAR-${slug.toUpperCase()}`;
    const rows: { id: number }[] = await dataSource.query(
      `INSERT INTO products (name, slug, price_cents, in_stock, variation_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [name, slug, priceCents, inStock, variationId],
    );
    return { id: Number(rows[0].id), name, priceCents, variationId };
  };
  return {
    cocoa: await insert('Test Dark Cocoa', 1299, true),
    mug: await insert('Test Cocoa Mug', 450, true),
    soldOut: await insert('Test Sold Out Blend', 1000, false),
  };
}

export const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(217) 555-0142',
  address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
} as const;

export function newIdempotencyKey(): string {
  return `key-${randomBytes(12).toString('hex')}`;
}

/**
 * A checkout body with the amounts a correct client computes: 2 x $12.99 + 1 x $4.50 = $30.48,
 * shipping $5.99, tax 7 % = $2.13, total $38.60.
 */
export function checkoutBody(f: CheckoutFixtures, overrides: Partial<CheckoutCompleteInput> = {}): CheckoutCompleteInput {
  return {
    sourceId: 'cnon:card-nonce-ok',
    amount: 38.6,
    shippingCost: 5.99,
    taxAmount: 2.13,
    shippingData: { ...SHIPPING },
    customerId: null,
    cartItems: [
      { id: f.cocoa.id, name: f.cocoa.name, price: f.cocoa.priceCents / 100, quantity: 2 },
      { productId: f.mug.id, name: f.mug.name, price: f.mug.priceCents / 100, quantity: 1 },
    ],
    idempotencyKey: newIdempotencyKey(),
    ...overrides,
  };
}

export async function countOrders(dataSource: DataSource): Promise<{ orders: number; items: number }> {
  const [o] = await dataSource.query(`SELECT count(*)::int AS n FROM orders`);
  const [i] = await dataSource.query(`SELECT count(*)::int AS n FROM order_items`);
  return { orders: Number(o.n), items: Number(i.n) };
}

/** A stop that takes orders ahead, three days from now in `zone`, 10:00 to 11:00 (four slots of 15 minutes). */
export async function insertPickupStop(dataSource: DataSource, zone: string): Promise<{ stopId: number; firstSlot: string }> {
  const day = dayIn(new Date(Date.now() + 3 * DAY_MS), zone);
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO scheduled_locations (title, location, address, date, start_time, end_time, takes_orders)
     VALUES ('Saturday Market', 'Old Square', '1 Market St, Springfield, IL', $1, '10:00', '11:00', true) RETURNING id`,
    [noonOf(day, zone)],
  );
  return { stopId: Number(rows[0].id), firstSlot: pickupSlotTimes({ day, startTime: '10:00', endTime: '11:00' }, zone, 15)[0].start.toISOString() };
}

/**
 * A pickup checkout as the stop's page sends it: 2 cups of the cocoa ($25.98), tax 7 % ($1.82),
 * a 15 % tip ($3.90), total $31.70, for the slot starting at `slotStart`. With `discountCents`
 * (a code's, named in `overrides`), that much is off the cups before tax; the tip stays 15 % of them.
 */
export function pickupBody(
  f: CheckoutFixtures,
  pickup: { stopId: number; slotStart: string },
  overrides: Partial<CheckoutCompleteInput> = {},
  discountCents = 0,
): CheckoutCompleteInput {
  const subtotal = f.cocoa.priceCents * 2;
  const totals = priceOrder({
    lines: [{ price: f.cocoa.priceCents / 100, quantity: 2 }],
    place: { country: 'US' },
    pickup: true,
    settings: MONEY_SETTINGS_DEFAULTS,
    tipCents: percentOfCents(subtotal, 15),
    discountCents,
  });
  return {
    sourceId: 'cnon:card-nonce-ok',
    amount: totals.total / 100,
    shippingCost: 0,
    taxAmount: totals.tax / 100,
    tipAmount: totals.tip / 100,
    cartItems: [{ id: f.cocoa.id, name: f.cocoa.name, price: f.cocoa.priceCents / 100, quantity: 2 }],
    pickup: { ...pickup, name: 'Ada', email: 'ada@example.com', phone: '(217) 555-0142' },
    idempotencyKey: newIdempotencyKey(),
    ...overrides,
  };
}
