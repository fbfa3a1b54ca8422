import { orderNumberOf, type OrderView, PICKUP_CODE_ALPHABET, type PickupQueueOrder } from '@cocoa/shared-types';
import { newTestBrowser, type PushServiceDouble, readPushPayload, startPushServiceDouble } from '../live/push-service.double';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { SquareApiDouble } from '../square/square-api.double';
import { squareLimitErrors } from '../square/square-requests';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, countOrders, insertCheckoutProducts, insertPickupStop, pickupBody } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const CODE = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{4}$`);
const RULES = { slotMinutes: 15, slotCapacity: 5, leadMinutes: 20, paused: false, pausedMessage: null, autoAccept: true };

/** Pickup orders at the cart in test mode: the checkout, the owner's queue and moves, delays, push. */
describe('pickup orders (test mode)', () => {
  let t: TestApp;
  let push: PushServiceDouble;
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;
  let f: CheckoutFixtures;
  let stop: { stopId: number; firstSlot: string };
  let secondSlot: string;

  const mailsTo = async (orderId: string, template: string): Promise<Array<{ recipient: string; body_text: string }>> =>
    t.dataSource.query(`SELECT recipient, body_text FROM mail_outbox WHERE template = $1 AND strpos(body_text, $2) > 0 ORDER BY id`, [
      template,
      orderNumberOf(orderId),
    ]);
  const order = async (orderId: string) => (await t.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [orderId]))[0];
  const place = async (slotStart = stop.firstSlot, extra = {}) => {
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(pickupBody(f, { stopId: stop.stopId, slotStart }, extra));
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
    const both = await t
      .agent()
      .post(COMPLETE)
      .send({ ...pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }), shippingData: checkoutBody(f).shippingData });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Pickup at the cart and shipping are checked out apart');
    const mug = await t
      .agent()
      .post(COMPLETE)
      .send(
        pickupBody(
          f,
          { stopId: stop.stopId, slotStart: stop.firstSlot },
          { cartItems: [{ id: f.mug.id, quantity: 1 }], amount: 4.82, taxAmount: 0.32, tipAmount: 0 },
        ),
      );
    expect(mug.status).toBe(409);
    expect(mug.body).toMatchObject({ code: 'NOT_SOLD_AT_CART', message: 'Test Cocoa Mug is not made at the cart: it can be ordered for shipping.' });
    const tipped = await t
      .agent()
      .post(COMPLETE)
      .send({ ...checkoutBody(f), tipAmount: 2 });
    expect(tipped.status).toBe(400);
    expect(JSON.stringify(tipped.body)).toContain('A tip is taken with pickup orders only');
    const noContact = await t
      .agent()
      .post(COMPLETE)
      .send(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { pickup: { stopId: stop.stopId, slotStart: stop.firstSlot, name: 'Ada' } }));
    expect(noContact.status).toBe(400);
    expect(JSON.stringify(noContact.body)).toContain('Give an e-mail or a phone number');
    expect(await countOrders(t.dataSource)).toEqual(before);
  });

  it('refuses while paused with the owner’s message, and charges nothing', async () => {
    await admin
      .put('/api/admin/pickup/settings')
      .send({ ...RULES, paused: true, pausedMessage: 'Out of milk, back soon!' })
      .expect(200);
    const before = await countOrders(t.dataSource);
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }));
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
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { sourceId: 'cnon:card-from-web-payments' }));
    expect(res.status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT pickup_code, total_cents, tip_cents FROM orders WHERE id = $1`, [res.body.orderId]);
    const orderBody = square.calls('/v2/orders')[0].body!;
    expect(squareLimitErrors('POST /v2/orders', orderBody)).toEqual([]);
    expect(orderBody.order.fulfillments).toEqual([
      {
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

  it('20 buyers at once for a slot of 5 places: exactly 5 are charged, the others are told to pick another time', async () => {
    square.reset();
    await t.dataSource.query(`DELETE FROM orders WHERE pickup_stop_id = $1`, [stop.stopId]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .agent()
          .post(COMPLETE)
          .send(pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot })),
      ),
    );
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
});
