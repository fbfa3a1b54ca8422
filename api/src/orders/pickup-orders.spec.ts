import {
  DAY_MS,
  dayIn,
  noonOf,
  orderNumberOf,
  wallTimeIn,
  type OrderView,
  PICKUP_CODE_ALPHABET,
  type PickupQueueOrder,
  MONEY_SETTINGS_DEFAULTS,
  priceOrder,
} from '@cocoa/shared-types';
import { newTestBrowser, type PushServiceDouble, readPushPayload, startPushServiceDouble } from '../live/push-service.double';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { SquareApiDouble } from '../square/square-api.double';
import { squareLimitErrors } from '../square/square-requests';
import { eventually } from '../test/eventually';
import { startTestApp, TEST_ADMIN, type TestAgent, type TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, countOrders, insertCheckoutProducts, insertPickupStop, pickupBody } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const CODE = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{4}$`);
const RULES = { slotMinutes: 15, slotCapacity: 5, leadMinutes: 20, paused: false, pausedMessage: null, autoAccept: true };

/** Pickup orders at the cart in test mode: the checkout, the owner's queue and moves, delays, push. */
describe('pickup orders (test mode)', () => {
  let t: TestApp;
  let push: PushServiceDouble;
  let admin: TestAgent;
  let f: CheckoutFixtures;
  let stop: { stopId: number; firstSlot: string };
  let secondSlot: string;
  const complete = (body: object) => t.agent().post(COMPLETE).send(body);

  const mailsTo = async (orderId: string, template: string): Promise<Array<{ recipient: string; body_text: string }>> => {
    await t.mailWritten();
    return t.dataSource.query(`SELECT recipient, body_text FROM mail_outbox WHERE template = $1 AND strpos(body_text, $2) > 0 ORDER BY id`, [
      template,
      orderNumberOf(orderId),
    ]);
  };
  const order = async (orderId: string) => (await t.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [orderId]))[0];
  const place = async (slotStart = stop.firstSlot, extra = {}) => {
    const res = await complete(pickupBody(f, { stopId: stop.stopId, slotStart }, extra));
    expect(res.status).toBe(200);
    return res.body as { orderId: string; orderPath: string };
  };

  beforeAll(async () => {
    push = await startPushServiceDouble();
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '127.0.0.1', OUTBOUND_EXTRA_CA: push.caFile });
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    f = await insertCheckoutProducts(t.dataSource);
    await admin.patch(`/api/products/${f.cocoa.id}`).send({ soldAtCart: true }).expect(200);
    stop = await insertPickupStop(t.dataSource, await t.app.get(ShopTimeZoneService).current());
    secondSlot = new Date(Date.parse(stop.firstSlot) + 15 * 60_000).toISOString();
    await admin.put('/api/admin/pickup/settings').send(RULES).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('takes a paid pickup order: no address, a readable code, the tip in the total, accepted at once, confirmed by e-mail', async () => {
    const { orderId, orderPath } = await place();
    const row = await order(orderId);
    expect(row).toMatchObject({
      fulfilment_method: 'pickup',
      status: 'COMPLETED',
      pickup_status: 'accepted',
      pickup_stop_id: stop.stopId,
      pickup_name: 'Ada',
      pickup_phone: '+12175550142',
      subtotal_cents: 2598,
      shipping_cents: 0,
      tax_cents: 182,
      tip_cents: 390,
      total_cents: 3170,
      shipping_address: null,
      shipping_first_name: null,
      fulfilment_status: null,
    });
    expect(row.pickup_code).toMatch(CODE);
    expect(new Date(row.pickup_slot_start).toISOString()).toBe(stop.firstSlot);

    // The guest follows the signed path straight to the order page.
    expect(orderPath).toMatch(new RegExp(`^/orders/${orderId}\\?token=`));
    const view = (await t.agent().get(`/api${orderPath}`).expect(200)).body as OrderView;
    expect(view).toMatchObject({ fulfilmentMethod: 'pickup', tip: 3.9, total: 31.7, shipping: 0, shippingName: '' });
    expect(view.pickup).toMatchObject({ stopId: stop.stopId, stopName: 'Old Square', code: row.pickup_code, status: 'accepted', pickupAt: stop.firstSlot });

    const [confirmation] = await mailsTo(orderId, 'order-confirmation');
    expect(confirmation.recipient).toBe('ada@example.com');
    expect(confirmation.body_text).toContain(row.pickup_code);
    const events = await t.dataSource.query(`SELECT type, to_status, actor FROM order_events WHERE order_id = $1 ORDER BY id`, [orderId]);
    expect(events).toEqual([
      { type: 'placed', to_status: 'PENDING', actor: 'checkout' },
      { type: 'paid', to_status: 'COMPLETED', actor: 'checkout' },
      { type: 'pickup', to_status: 'accepted', actor: 'system' },
    ]);
  });

  it('refuses a cart mixing pickup and shipping, a product not made at the cart, a tip on a shipping order; stores nothing', async () => {
    const before = await countOrders(t.dataSource);
    const both = await complete({ ...pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }), shippingData: checkoutBody(f).shippingData });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Pickup at the cart and shipping are checked out apart');
    const mug = await complete(
      pickupBody(
        f,
        { stopId: stop.stopId, slotStart: stop.firstSlot },
        { cartItems: [{ id: f.mug.id, quantity: 1 }], amount: 4.82, taxAmount: 0.32, tipAmount: 0 },
      ),
    );
    expect(mug.status).toBe(409);
    expect(mug.body).toMatchObject({ code: 'NOT_SOLD_AT_CART', message: 'Test Cocoa Mug is not made at the cart: it can be ordered for shipping.' });
    const tipped = await complete({ ...checkoutBody(f), tipAmount: 2 });
    expect(tipped.status).toBe(400);
    expect(JSON.stringify(tipped.body)).toContain('A tip is taken with pickup orders only');
    const noContact = await complete(
      pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { pickup: { stopId: stop.stopId, slotStart: stop.firstSlot, name: 'Ada' } }),
    );
    expect(noContact.status).toBe(400);
    expect(JSON.stringify(noContact.body)).toContain('Give an e-mail or a phone number');
    expect(await countOrders(t.dataSource)).toEqual(before);
  });

  it('prices drinks with their options, names the line with them, and refuses options the drink does not have', async () => {
    const group = (name: string, min: number, max: number, ...choices: [string, number][]) => ({
      name,
      min,
      max,
      choices: choices.map(([choice, price]) => ({ name: choice, price })),
    });
    const options = [
      group('Size', 1, 1, ['Regular', 0], ['Large', 0.75]),
      group('Toppings', 0, 2, ['Marshmallows', 0.5], ['Whipped cream', 0.6], ['Sprinkles', 0.25]),
    ];
    const bad = await admin.patch(`/api/products/${f.cocoa.id}`).send({ options: [{ ...options[1], max: 5 }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Maximum cannot be more than the choices');
    const saved = await admin.patch(`/api/products/${f.cocoa.id}`).send({ options });
    expect(saved.status).toBe(200);
    expect(saved.body.options[0]).toEqual({
      id: 'size',
      name: 'Size',
      min: 1,
      max: 1,
      choices: [
        { id: 'regular', name: 'Regular', priceCents: 0 },
        { id: 'large', name: 'Large', priceCents: 75 },
      ],
    });
    const menu = (await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.menu as Array<{ productId: number; options: unknown[] }>;
    expect(menu.find((item) => item.productId === f.cocoa.id)?.options).toEqual(saved.body.options);

    // One large with marshmallows and cream ($12.99 + $0.75 + $0.50 + $0.60 = $14.84), one regular ($12.99).
    const lines = [
      { id: f.cocoa.id, quantity: 1, options: ['size:large', 'toppings:marshmallows', 'toppings:whipped-cream'] },
      { id: f.cocoa.id, quantity: 1, options: ['size:regular'] },
    ];
    const totals = priceOrder({
      lines: [
        { price: 14.84, quantity: 1 },
        { price: 12.99, quantity: 1 },
      ],
      place: { country: 'US' },
      pickup: true,
      settings: MONEY_SETTINGS_DEFAULTS,
      tipCents: 0,
    });
    const money = { amount: totals.total / 100, taxAmount: totals.tax / 100, tipAmount: 0 };
    const missing = await complete(
      pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { ...money, cartItems: [{ id: f.cocoa.id, quantity: 1 }] }),
    );
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ code: 'OPTIONS_CHANGED', message: 'Test Dark Cocoa: choose a size.' });
    const unknown = await complete(
      pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { ...money, cartItems: [{ id: f.cocoa.id, quantity: 1, options: ['size:huge'] }] }),
    );
    expect(unknown.body.message).toBe('Test Dark Cocoa: choose a size.');

    const res = await complete(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { ...money, cartItems: lines }));
    expect(res.status).toBe(200);
    const items = await t.dataSource.query(`SELECT name, unit_price_cents, options, variation_id FROM order_items WHERE order_id = $1 ORDER BY position`, [
      res.body.orderId,
    ]);
    expect(items).toEqual([
      {
        name: 'Test Dark Cocoa (Large, Marshmallows, Whipped cream)',
        unit_price_cents: 1484,
        variation_id: null,
        options: [
          { group: 'Size', choice: 'Large', priceCents: 75 },
          { group: 'Toppings', choice: 'Marshmallows', priceCents: 50 },
          { group: 'Toppings', choice: 'Whipped cream', priceCents: 60 },
        ],
      },
      { name: 'Test Dark Cocoa (Regular)', unit_price_cents: 1299, variation_id: null, options: [{ group: 'Size', choice: 'Regular', priceCents: 0 }] },
    ]);
    await admin.patch(`/api/products/${f.cocoa.id}`).send({ options: [] }).expect(200);
  });

  it('takes the Live tab’s sold-out list as the menu’s while the cart serves at the stop, and refuses those drinks', async () => {
    const zone = await t.app.get(ShopTimeZoneService).current();
    // Serving from the last quarter hour for three hours (past midnight it runs into the next day).
    const hhmm = (at: Date) => {
      const wall = wallTimeIn(new Date(Math.floor(at.getTime() / 900_000) * 900_000), zone);
      return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
    };
    const [today] = await t.dataSource.query<{ id: number }[]>(
      `INSERT INTO scheduled_locations (title, location, date, start_time, end_time, latitude, longitude, takes_orders)
       VALUES ('Park stop', 'The Park', $1, $2, $3, 39.78, -89.65, true) RETURNING id`,
      [noonOf(dayIn(new Date(), zone), zone), hhmm(new Date()), hhmm(new Date(Date.now() + 3 * 3_600_000))],
    );
    const menuSays = async () =>
      ((await t.agent().get(`/api/stops/${today.id}/pickup`)).body.menu as Array<{ productId: number; soldOut: boolean }>).find(
        (i) => i.productId === f.cocoa.id,
      )?.soldOut;
    expect(await menuSays()).toBe(false);
    await admin.post('/api/admin/live/check-in').send({ stopId: today.id }).expect(200);
    await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'test dark cocoa' }).expect(200);
    expect(await menuSays()).toBe(true);
    // Serving there now: "as soon as possible" is the first open slot, ready after the lead time at the soonest.
    const served = (await t.agent().get(`/api/stops/${today.id}/pickup`)).body;
    expect(served.slots.length).toBeGreaterThan(0);
    expect(served.asap.slotStart).toBe(served.slots[0].start);
    expect(Date.parse(served.asap.estimate)).toBeGreaterThanOrEqual(Date.now() + 19 * 60_000);
    expect((await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.asap).toBeNull();
    // Elsewhere the cart's list says nothing: the stop three days ahead still offers it.
    const later = (await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.menu as Array<{ productId: number; soldOut: boolean }>;
    expect(later.find((i) => i.productId === f.cocoa.id)?.soldOut).toBe(false);
    const before = await countOrders(t.dataSource);
    const refused = await complete(pickupBody(f, { stopId: today.id, slotStart: stop.firstSlot }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'SOLD_OUT_AT_STOP',
      message: 'Test Dark Cocoa is sold out at this stop today. Please remove it from your order.',
    });
    expect(await countOrders(t.dataSource)).toEqual(before);
    await admin.post('/api/admin/live/check-out').expect(200);
    expect(await menuSays()).toBe(false);
  });

  it('takes a discount code off the drinks before tax, the tip a percentage of the subtotal before it; refuses a code expired or used up, storing nothing', async () => {
    const zone = await t.app.get(ShopTimeZoneService).current();
    await admin.post('/api/admin/discounts').send({ code: 'CART-TEN', kind: 'percent', value: 10, usageLimit: 1, onePerCustomer: false }).expect(201);
    const yesterday = dayIn(new Date(Date.now() - DAY_MS), zone);
    await admin.post('/api/admin/discounts').send({ code: 'CART-OLD', kind: 'amount', value: 1, startsOn: yesterday, endsOn: yesterday }).expect(201);
    const thirdSlot = new Date(Date.parse(stop.firstSlot) + 30 * 60_000).toISOString();
    // 10 % of the cups ($25.98) is $2.60, off before tax: 7 % of $23.38 = $1.64; the tip stays 15 % of $25.98 = $3.90.
    const discounted = (discountCode: string) => pickupBody(f, { stopId: stop.stopId, slotStart: thirdSlot }, { discountCode }, 260);
    const paid = await complete(discounted('cart-ten'));
    expect(paid.status).toBe(200);
    const { orderId, orderPath } = paid.body as { orderId: string; orderPath: string };
    expect(await order(orderId)).toMatchObject({
      subtotal_cents: 2598,
      discount_code: 'CART-TEN',
      discount_cents: 260,
      tax_cents: 164,
      tip_cents: 390,
      total_cents: 2598 - 260 + 164 + 390,
    });
    const view = (await t.agent().get(`/api${orderPath}`).expect(200)).body as OrderView;
    expect(view).toMatchObject({ discount: 2.6, discountCode: 'CART-TEN', tip: 3.9, total: 28.92 });
    const redemptions = await t.dataSource.query(`SELECT amount_cents FROM discount_redemptions WHERE order_id = $1`, [orderId]);
    expect(redemptions).toEqual([{ amount_cents: 260 }]);

    const before = await countOrders(t.dataSource);
    const claims = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM pickup_slot_claims`))[0].n);
    const claimsBefore = await claims();
    for (const [code, refusal] of [
      ['CART-TEN', { code: 'DISCOUNT_USED_UP', message: 'This code has reached its usage limit' }],
      ['CART-OLD', { code: 'DISCOUNT_EXPIRED', message: 'This code has expired' }],
    ] as const) {
      const res = await complete(discounted(code));
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: refusal });
    }
    expect(await countOrders(t.dataSource)).toEqual(before);
    expect(await claims()).toBe(claimsBefore);
  });

  it('refuses while paused with the owner’s message, and charges nothing', async () => {
    await admin
      .put('/api/admin/pickup/settings')
      .send({ ...RULES, paused: true, pausedMessage: 'Out of milk, back soon!' })
      .expect(200);
    const before = await countOrders(t.dataSource);
    const res = await complete(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ORDERS_PAUSED', message: 'Out of milk, back soon!' });
    expect(await countOrders(t.dataSource)).toEqual(before);
    await admin.put('/api/admin/pickup/settings').send(RULES).expect(200);
  });

  it('lists the day’s orders for the owner only; the owner moves one to ready, which e-mails and pushes once', async () => {
    const { orderId } = await place(secondSlot);
    const browser = newTestBrowser('ready', push.endpoint('ready'));
    await t
      .agent()
      .post('/api/push/subscriptions')
      .send({ subscription: browser.subscription, topic: { kind: 'order', orderId } })
      .expect(200);

    expect((await t.agent().get('/api/admin/pickup/orders')).status).toBe(401);
    const day = (await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.stop.date as string;
    const queue = (await admin.get(`/api/admin/pickup/orders?date=${day}`).expect(200)).body as PickupQueueOrder[];
    const mine = queue.find((o) => o.id === orderId)!;
    expect(mine).toMatchObject({
      status: 'accepted',
      name: 'Ada',
      items: [{ name: 'Test Dark Cocoa', quantity: 2 }],
      tip: 3.9,
      moves: ['preparing', 'ready', 'cancelled'],
    });
    expect(queue.map((o) => o.pickupAt)).toEqual([...queue.map((o) => o.pickupAt)].sort());
    expect((await admin.get('/api/admin/pickup/orders?date=tomorrow')).status).toBe(400);

    // A late stop that runs past midnight: an order picked up after midnight stays in its stop's day.
    const [{ slot }] = await t.dataSource.query(`SELECT pickup_slot_start AS slot FROM orders WHERE id = $1`, [orderId]);
    await t.dataSource.query(`UPDATE orders SET pickup_slot_start = $2 WHERE id = $1`, [orderId, new Date(new Date(slot).getTime() + 24 * 3600_000)]);
    const pastMidnight = (await admin.get(`/api/admin/pickup/orders?date=${day}`).expect(200)).body as PickupQueueOrder[];
    expect(pastMidnight.map((o) => o.id)).toContain(orderId);
    await t.dataSource.query(`UPDATE orders SET pickup_slot_start = $2 WHERE id = $1`, [orderId, slot]);

    const illegal = await admin.post(`/api/admin/pickup/orders/${orderId}/move`).send({ to: 'picked_up' });
    expect(illegal.status).toBe(409);
    expect(illegal.body.code).toBe('ILLEGAL_PICKUP_MOVE');

    const received = push.received.length;
    const key = 'tablet-move-ready-1';
    for (let i = 0; i < 2; i++) {
      const ready = await admin.post(`/api/admin/pickup/orders/${orderId}/move`).set('Idempotency-Key', key).send({ to: 'ready' });
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', moves: ['picked_up', 'not_collected', 'cancelled'] });
    }
    const [message] = await push.waitFor(received + 1);
    const payload = readPushPayload(push.received[received] ?? message, browser);
    expect(payload).toMatchObject({ title: 'Your order is ready', url: `/orders/${orderId}` });
    // A notification shows on a locked phone: the code stays behind the order's link.
    expect(JSON.stringify(payload)).not.toContain(mine.code);
    expect(await mailsTo(orderId, 'pickup-ready')).toHaveLength(1);
    const readyRows = await t.dataSource.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND to_status = 'ready'`, [orderId]);
    expect(readyRows[0].n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(push.received.length).toBe(received + 1);
  });

  it('delays every open order of the stop, telling each customer once, and only once per tablet change', async () => {
    const open: Array<{ id: string; pickup_delay_minutes: number }> = await t.dataSource.query(
      `SELECT id, pickup_delay_minutes FROM orders WHERE pickup_stop_id = $1 AND pickup_status IN ('placed', 'accepted', 'preparing', 'ready')`,
      [stop.stopId],
    );
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 2; i++) {
      const res = await admin.post(`/api/admin/stops/${stop.stopId}/pickup-delay`).set('Idempotency-Key', 'tablet-delay-10').send({ minutes: 10 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ delayed: i === 0 ? open.length : 0, minutes: 10 });
    }
    for (const o of open) {
      expect((await order(o.id)).pickup_delay_minutes).toBe(o.pickup_delay_minutes + 10);
      expect(await mailsTo(o.id, 'pickup-delayed')).toHaveLength(1);
    }
    const view = (await admin.get(`/api/admin/pickup/orders?date=${(await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.stop.date}`)).body;
    for (const o of view as PickupQueueOrder[]) expect(Date.parse(o.pickupAt) - Date.parse(o.slotStart)).toBe(o.delayMinutes * 60_000);
    expect((await admin.post(`/api/admin/stops/${stop.stopId}/pickup-delay`).send({ minutes: 7 })).status).toBe(400);
    expect((await admin.post('/api/admin/stops/999999/pickup-delay').send({ minutes: 5 })).status).toBe(404);
  });

  it('cancels with a full refund, the tip included, and gives the place back', async () => {
    const { orderId } = await place();
    const placesBefore = (await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.slots[0].left as number;
    const res = await admin.post(`/api/admin/pickup/orders/${orderId}/move`).send({ to: 'cancelled', reason: 'The milk ran out' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(await order(orderId)).toMatchObject({ pickup_status: 'cancelled', refunded_cents: 3170 });
    expect((await t.agent().get(`/api/stops/${stop.stopId}/pickup`)).body.slots[0].left).toBe(placesBefore + 1);
    const [mail] = await mailsTo(orderId, 'order-cancelled');
    expect(mail.body_text).toContain('The milk ran out');
  });
});

describe('pickup orders with Square connected (real SDK against a local double of Square)', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  const complete = (body: object) => t.agent().post(COMPLETE).send(body);
  let f: CheckoutFixtures;
  let stop: { stopId: number; firstSlot: string };

  beforeAll(async () => {
    square = await new SquareApiDouble().start();
    t = await startTestApp({ SQUARE_ACCESS_TOKEN: 'EAAA-test-access-token', SQUARE_BASE_URL: square.url });
    f = await insertCheckoutProducts(t.dataSource);
    await t.dataSource.query(`UPDATE products SET sold_at_cart = true WHERE id = $1`, [f.cocoa.id]);
    square.catalogPrices.set(f.cocoa.variationId, f.cocoa.priceCents);
    stop = await insertPickupStop(t.dataSource, await t.app.get(ShopTimeZoneService).current());
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await admin.put('/api/admin/pickup/settings').send(RULES).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await square?.stop();
  });

  it('sends a PICKUP fulfilment within Square’s limits and the tip as tip_money, apart from the order’s total', async () => {
    const res = await complete(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { sourceId: 'cnon:card-from-web-payments' }));
    expect(res.status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT pickup_code, total_cents, tip_cents FROM orders WHERE id = $1`, [res.body.orderId]);
    const orderBody = square.calls('/v2/orders')[0].body!;
    expect(squareLimitErrors('POST /v2/orders', orderBody)).toEqual([]);
    expect(orderBody.order.fulfillments).toEqual([
      {
        uid: 'pickup',
        type: 'PICKUP',
        state: 'PROPOSED',
        pickup_details: {
          recipient: { customer_id: expect.any(String), display_name: 'Ada', email_address: 'ada@example.com', phone_number: '+12175550142' },
          schedule_type: 'SCHEDULED',
          pickup_at: stop.firstSlot.replace(/\.\d{3}Z$/, 'Z'),
          note: `Order ahead ${row.pickup_code} for Ada`,
        },
      },
    ]);
    expect(orderBody.order.service_charges).toEqual([]);
    const paymentBody = square.calls('/v2/payments')[0].body!;
    expect(squareLimitErrors('POST /v2/payments', paymentBody)).toEqual([]);
    expect(paymentBody.amount_money).toEqual({ amount: 2780, currency: 'USD' });
    expect(paymentBody.tip_money).toEqual({ amount: 390, currency: 'USD' });
    expect(row).toMatchObject({ total_cents: 3170, tip_cents: 390 });
    expect(square.payments[0].total_money).toEqual({ amount: 3170, currency: 'USD' });
  });

  it('keeps the order at Square in step: accepted is RESERVED, ready PREPARED, picked up COMPLETED (Square’s order completes)', async () => {
    const res = await complete(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { sourceId: 'cnon:card-from-web-payments' }));
    expect(res.status).toBe(200);
    const [{ square_order_id: squareOrderId }] = await t.dataSource.query(`SELECT square_order_id FROM orders WHERE id = $1`, [res.body.orderId]);
    const atSquare = () => square.orders.get(squareOrderId)!;
    const fulfilment = (state: string) =>
      eventually(async () => (atSquare().fulfillments[0].state === state ? true : undefined), `Square's fulfilment to be ${state}`);
    await fulfilment('RESERVED');
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await admin.post(`/api/admin/pickup/orders/${res.body.orderId}/move`).send({ to: 'ready' }).expect(200);
    await fulfilment('PREPARED');
    await admin.post(`/api/admin/pickup/orders/${res.body.orderId}/move`).send({ to: 'picked_up' }).expect(200);
    await fulfilment('COMPLETED');
    expect(atSquare()).toMatchObject({ state: 'COMPLETED', version: 4 });
    const updates = square.calls(`/v2/orders/${squareOrderId}`).filter((c) => c.method === 'PUT');
    expect(updates).toHaveLength(3);
    for (const update of updates) expect(squareLimitErrors('PUT /v2/orders/{order_id}', update.body)).toEqual([]);
  });

  it('20 buyers at once for a slot of 5 places: exactly 5 are charged, the others are told to pick another time', async () => {
    square.reset();
    await t.dataSource.query(`DELETE FROM orders WHERE pickup_stop_id = $1`, [stop.stopId]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(Array.from({ length: 15 }, () => [409, 'SLOT_FULL']));
    expect(refused[0].body.message).toBe('That pickup time just filled up. Please pick another.');
    expect(square.calls('/v2/payments')).toHaveLength(5);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE pickup_stop_id = $1`, [stop.stopId]);
    expect(n).toBe(5);
    const codes = await t.dataSource.query(`SELECT DISTINCT pickup_code FROM orders WHERE pickup_stop_id = $1`, [stop.stopId]);
    expect(codes).toHaveLength(5);
  });

  it('charges a pickup order with a discount code the discounted total: the order at Square less the code, the tip apart', async () => {
    square.reset();
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await admin.post('/api/admin/discounts').send({ code: 'CART-TEN', kind: 'percent', value: 10 }).expect(201);
    const thirdSlot = new Date(Date.parse(stop.firstSlot) + 30 * 60_000).toISOString();
    const res = await complete(
      pickupBody(f, { stopId: stop.stopId, slotStart: thirdSlot }, { sourceId: 'cnon:card-from-web-payments', discountCode: 'CART-TEN' }, 260),
    );
    expect(res.status).toBe(200);
    // $25.98 less $2.60, tax 7 % of $23.38 = $1.64: Square's order is $25.02; the tip of $3.90 goes apart
    expect(square.calls('/v2/orders')[0].body!.order.discounts).toEqual([
      { uid: 'discount-code', name: 'Discount code CART-TEN', type: 'FIXED_AMOUNT', amount_money: { amount: 260, currency: 'USD' }, scope: 'ORDER' },
    ]);
    const paymentBody = square.calls('/v2/payments')[0].body!;
    expect(paymentBody.amount_money).toEqual({ amount: 2502, currency: 'USD' });
    expect(paymentBody.tip_money).toEqual({ amount: 390, currency: 'USD' });
    expect(square.payments.at(-1)!.total_money).toEqual({ amount: 2892, currency: 'USD' });
    const [row] = await t.dataSource.query(`SELECT total_cents, discount_cents, discount_code FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(row).toEqual({ total_cents: 2892, discount_cents: 260, discount_code: 'CART-TEN' });
  });
});
