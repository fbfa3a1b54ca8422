import { MONEY_SETTINGS_DEFAULTS, priceOrder, fromCents, NEXT_CURSOR_HEADER, providerOrderSchema } from '@cocoa/shared-types';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';

describe('orders: confirmation, privacy, history and cart clear', () => {
  const t = useTestApp();
  let f: CheckoutFixtures;
  let alice: TestAgent;
  let bob: TestAgent;
  let aliceOrder: { orderId: string; paymentId: string };
  let guestOrder: { orderId: string; paymentId: string };

  async function register(username: string): Promise<TestAgent> {
    const agent = t.agent();
    const res = await agent.post('/api/register').send({ username, email: `${username}@example.com`, password: 'secret-123' });
    expect(res.status).toBeLessThan(300);
    return agent;
  }

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    alice = await register('alice');
    bob = await register('bob');
    aliceOrder = (await alice.post(COMPLETE).send(checkoutBody(f))).body;
    guestOrder = (await t.agent().post(COMPLETE).send(checkoutBody(f))).body;
    expect(aliceOrder.orderId).toEqual(expect.any(String));
    expect(guestOrder.orderId).toEqual(expect.any(String));
  });

  describe('GET /api/orders/:id', () => {
    it('shows the owner the site view with prices in dollars', async () => {
      const res = await alice.get(`/api/orders/${aliceOrder.orderId}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        id: aliceOrder.orderId,
        status: 'COMPLETED',
        testMode: true,
        paymentId: aliceOrder.paymentId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        discount: 0,
        discountCode: null,
        email: 'ada@example.com',
        items: [
          { productId: f.cocoa.id, name: 'Test Dark Cocoa', quantity: 2, price: 12.99, total: 25.98 },
          { productId: f.mug.id, name: 'Test Cocoa Mug', quantity: 1, price: 4.5, total: 4.5 },
        ],
        subtotal: 30.48,
        shipping: 5.99,
        tax: 2.13,
        total: 38.6,
        shippingName: 'Ada Lovelace',
        shippingAddress: '12 Analytical Way',
        shippingCity: 'Springfield',
        shippingState: 'IL',
        shippingZip: '62701',
        shippingCountry: 'US',
        // Where the parcel is: paid, waiting to be packed; nothing refunded.
        fulfilment: { status: 'paid', carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null, deliveredAt: null },
        refunded: 0,
        fulfilmentMethod: 'shipping',
        pickup: null,
        tip: 0,
      });
    });

    it('answers another customer and an anonymous visitor with 404, exactly like a missing order', async () => {
      const other = await bob.get(`/api/orders/${aliceOrder.orderId}`);
      const anonymous = await t.agent().get(`/api/orders/${aliceOrder.orderId}`);
      const missing = await bob.get('/api/orders/00000000-0000-4000-8000-000000000000');
      for (const res of [other, anonymous, missing]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND' });
      }
    });

    it('hides a guest order from everyone but an admin', async () => {
      expect((await alice.get(`/api/orders/${guestOrder.orderId}`)).status).toBe(404);
      expect((await t.agent().get(`/api/orders/${guestOrder.orderId}`)).status).toBe(404);
    });

    it('shows any order to an admin', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await admin.get(`/api/orders/${aliceOrder.orderId}`)).status).toBe(200);
      expect((await admin.get(`/api/orders/${guestOrder.orderId}`)).status).toBe(200);
    });

    it.each(['abc', '0', '1 OR 1=1', 'ffffffff-ffff-ffff-ffff-fffffffffffff'])('answers a malformed id %p with 404', async (id) => {
      const res = await alice.get(`/api/orders/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
    });
  });

  describe('POST /api/orders/create-from-payment', () => {
    it('answers the order of a payment with its id and testMode, the same every time', async () => {
      const body = { paymentIntentId: aliceOrder.paymentId, amount: '38.60', sessionId: null };
      const first = await alice.post('/api/orders/create-from-payment').send(body);
      const second = await alice.post('/api/orders/create-from-payment').send({ ...body, amount: 38.6 });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ orderId: aliceOrder.orderId, testMode: true });
      expect(second.body).toEqual(first.body);
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE payment_id = $1`, [aliceOrder.paymentId]);
      expect(n).toBe(1);
    });

    it("answers 'Payment not found' for an unknown payment and for someone else's", async () => {
      for (const [agent, paymentIntentId] of [
        [alice, 'pi_unknown'],
        [bob, aliceOrder.paymentId],
        [alice, guestOrder.paymentId],
      ] as const) {
        const res = await agent.post('/api/orders/create-from-payment').send({ paymentIntentId, amount: 0, sessionId: 'x' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Payment not found');
      }
    });

    it('needs a signed-in user', async () => {
      const res = await t.agent().post('/api/orders/create-from-payment').send({ paymentIntentId: aliceOrder.paymentId, amount: 0, sessionId: null });
      expect(res.status).toBe(401);
    });

    it.each([
      ['no paymentIntentId', { amount: 0 }],
      ['an empty paymentIntentId', { paymentIntentId: '', amount: 0 }],
      ['a non-numeric amount', { paymentIntentId: 'p', amount: 'lots' }],
      ['a negative amount', { paymentIntentId: 'p', amount: -1 }],
      ['an unknown field', { paymentIntentId: 'p', amount: 0, extra: 1 }],
    ])('answers %s with 400', async (_name, body) => {
      const res = await alice.post('/api/orders/create-from-payment').send(body);
      expect(res.status).toBe(400);
    });
  });

  describe('GET /api/me/orders', () => {
    let carol: TestAgent;
    const placed: string[] = [];
    beforeAll(async () => {
      carol = await register('carol');
      for (let i = 1; i <= 5; i += 1) {
        const totals = priceOrder({ lines: [{ price: 4.5, quantity: i }], place: { country: 'US' }, settings: MONEY_SETTINGS_DEFAULTS });
        const amounts = { amount: fromCents(totals.total), shippingCost: fromCents(totals.shipping), taxAmount: fromCents(totals.tax) };
        const res = await carol.post(COMPLETE).send(checkoutBody(f, { cartItems: [{ id: f.mug.id, quantity: i }], ...amounts }));
        expect(res.status).toBe(200);
        placed.push(res.body.orderId);
      }
    });

    it("lists only the user's own orders, newest first, in Square's order shape with cents", async () => {
      const res = await carol.get('/api/me/orders');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.map((o: { id: string }) => o.id)).toEqual([...placed].reverse());
      for (const order of res.body) expect(providerOrderSchema.parse(order)).toEqual(order);
      const newest = res.body[0];
      expect(newest).toMatchObject({
        id: placed[4],
        state: 'COMPLETED',
        totalMoney: { amount: 2250 + 599 + 158, currency: 'USD' },
        lineItems: [{ name: 'Test Cocoa Mug', quantity: '5', basePriceMoney: { amount: 450, currency: 'USD' }, totalMoney: { amount: 2250, currency: 'USD' } }],
        fulfillments: [
          {
            type: 'SHIPMENT',
            shipmentDetails: {
              recipient: {
                displayName: 'Ada Lovelace',
                address: { addressLine1: '12 Analytical Way', locality: 'Springfield', administrativeDistrictLevel1: 'IL', postalCode: '62701', country: 'US' },
              },
            },
          },
        ],
      });
      expect(new Date(newest.createdAt).toISOString()).toBe(newest.createdAt);
      expect(res.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    });

    it('pages with limit and the cursor header until the end', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await carol.get('/api/me/orders').query({ limit: 2, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.map((o: { id: string }) => o.id));
        cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual([...placed].reverse());
    });

    it('answers an empty list for a user with no orders', async () => {
      const dave = await register('dave');
      const res = await dave.get('/api/me/orders');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('needs a signed-in user', async () => {
      expect((await t.agent().get('/api/me/orders')).status).toBe(401);
    });

    it.each([
      ['limit 0', { limit: 0 }],
      ['limit over the maximum', { limit: 101 }],
      ['limit not a number', { limit: 'ten' }],
      ['a garbage cursor', { cursor: '$$$' }],
      ["someone else's order as cursor", { cursor: 'ALICE' }],
      ['an unknown parameter', { page: 2 }],
    ])('answers %s with 400', async (_name, query) => {
      const q = { ...query } as Record<string, unknown>;
      if (q.cursor === 'ALICE') q.cursor = aliceOrder.orderId;
      const res = await carol.get('/api/me/orders').query(q);
      expect(res.status).toBe(400);
    });
  });

  describe('DELETE /api/cart/clear', () => {
    it('acknowledges a 21-character session id with 204', async () => {
      const res = await t.agent().delete('/api/cart/clear').query({ sessionId: 'V1StGXR8_Z5jdHi6B-myT' });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    });

    it.each([
      ['no session id', {}],
      ['a short one', { sessionId: 'abc' }],
      ['a long one', { sessionId: 'V1StGXR8_Z5jdHi6B-myTX' }],
      ['bad characters', { sessionId: 'V1StGXR8_Z5jdHi6B-my!' }],
    ])('answers %s with 400', async (_name, query) => {
      expect((await t.agent().delete('/api/cart/clear').query(query)).status).toBe(400);
    });
  });
});
