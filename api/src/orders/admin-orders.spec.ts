import { adminOrderDetailSchema, adminOrdersPageSchema, orderNumberOf, orderViewSchema, providerOrderSchema } from '@cocoa/shared-types';
import { databaseSnapshot } from '../test/db-snapshot';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { SignedLinksService } from '../links/signed-links.service';
import { ORDER_LINKS } from './order-links';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts, SHIPPING } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const ADMIN = '/api/admin/orders';

/**
 * The owner's Orders tab on test-mode payments (nothing charged): the list and its filters, the
 * detail and its timeline, fulfilment moves, cancel and refunds recorded locally, the e-mails each
 * change queues in its own transaction, and the guest's order link.
 */
describe('admin orders (test-mode payments)', () => {
  const t = useTestApp();
  let f: CheckoutFixtures;
  let admin: TestAgent;
  let customer: TestAgent;

  async function place(
    agent: TestAgent,
    shipping: Partial<Record<'firstName' | 'lastName' | 'email', string>> = {},
    quantities = { cocoa: 2, mug: 1 },
  ): Promise<string> {
    const body = checkoutBody(f, { shippingData: { ...SHIPPING, ...shipping } });
    body.cartItems = [
      { id: f.cocoa.id, name: f.cocoa.name, price: 12.99, quantity: quantities.cocoa },
      { productId: f.mug.id, name: f.mug.name, price: 4.5, quantity: quantities.mug },
    ];
    if (quantities.cocoa !== 2 || quantities.mug !== 1) {
      const subtotal = 1299 * quantities.cocoa + 450 * quantities.mug;
      const tax = Math.round(subtotal * 0.07);
      Object.assign(body, { amount: (subtotal + 599 + tax) / 100, taxAmount: tax / 100, shippingCost: 5.99 });
    }
    const res = await agent.post(COMPLETE).send(body);
    expect(res.status).toBe(200);
    return res.body.orderId as string;
  }
  const outbox = async (): Promise<{ recipient: string; template: string | null; body_text: string }[]> => {
    await t.mailWritten();
    return t.dataSource.query(`SELECT recipient, template, body_text FROM mail_outbox ORDER BY id`);
  };
  /**
   * Every table as text, but the outbox's delivery columns: the job queue sends queued mail in the
   * background. Which mails exist is compared by id and template.
   */
  const snapshot = async () => {
    const all = JSON.parse(await databaseSnapshot(t.dataSource)) as Record<string, string[]>;
    all.mail_outbox = (await t.dataSource.query(`SELECT id, template FROM mail_outbox ORDER BY id`)).map((r: unknown) => JSON.stringify(r));
    return all;
  };
  const stockOf = async (productId: number) => Number((await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [productId]))[0].stock_count);
  /** An it.each body: the admin's `action` on a newly placed order refuses `body` with 400 and `message`, changing nothing. */
  const refusedOnNewOrder = (action: string) => async (body: object, message: string) => {
    const id = await place(t.agent());
    const before = await snapshot();
    const res = await admin.post(`${ADMIN}/${id}/${action}`).send(body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    expect(await snapshot()).toEqual(before);
  };
  /** The fixture products counted: 20 of each in stock. */
  const stockTwenty = () => t.dataSource.query(`UPDATE products SET stock_count = 20 WHERE id IN ($1, $2)`, [f.cocoa.id, f.mug.id]);
  const detail = async (id: string) => {
    const res = await admin.get(`${ADMIN}/${id}`);
    expect(res.status).toBe(200);
    return adminOrderDetailSchema.parse(res.body);
  };

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    customer = t.agent();
    expect((await customer.post('/api/register').send({ username: 'grace', email: 'grace@example.com', password: 'secret-123' })).status).toBeLessThan(300);
  });
  // The stock tests count the fixture products; the other tests sell them uncounted.
  afterEach(() => t.dataSource.query(`UPDATE products SET stock_count = NULL WHERE id IN ($1, $2)`, [f.cocoa.id, f.mug.id]));

  describe('a paid order', () => {
    it('starts its fulfilment as paid and queues the confirmation to the customer and the alert to the shop, once', async () => {
      const before = (await outbox()).length;
      const id = await place(t.agent(), { email: 'Confirm.Me@Example.com' });
      const mails = (await outbox()).slice(before);
      expect(mails.map((m) => [m.recipient, m.template])).toEqual([
        ['confirm.me@example.com', 'order-confirmation'],
        [t.config.CONTACT_TO, 'new-order-alert'],
      ]);
      // The confirmation links to the order page with a token that opens it without an account.
      const link = new RegExp(`${t.config.publicUrl}/orders/${id}\\?token=([0-9a-z]+\\.[A-Za-z0-9_-]{43})`).exec(mails[0].body_text);
      expect(link).not.toBeNull();
      const page = await t.agent().get(`/api/orders/${id}`).query({ token: link![1] });
      expect(page.status).toBe(200);
      expect((await detail(id)).fulfilmentStatus).toBe('paid');
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND actor = 'checkout'`, [id]);
      expect(n).toBe(2);
    });
  });

  describe('GET /api/admin/orders', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      await t.dataSource.query(`DELETE FROM orders`);
      ids.old = await place(t.agent(), { firstName: 'Old', lastName: 'Order', email: 'old@example.com' });
      ids.grace = await place(customer, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
      ids.ada = await place(t.agent(), { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
      ids.real = await place(t.agent(), { firstName: 'Real', lastName: 'Payment', email: 'real@shop.test' });
      // Spread them over days (newest first: real, ada, grace, old) and make one a real payment.
      const days = { old: '2026-03-01T18:00:00Z', grace: '2026-03-10T18:00:00Z', ada: '2026-03-20T18:00:00Z', real: '2026-03-30T18:00:00Z' };
      for (const [key, at] of Object.entries(days)) await t.dataSource.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [ids[key], at]);
      await t.dataSource.query(`UPDATE orders SET test_mode = false WHERE id = $1`, [ids.real]);
      await t.dataSource.query(`UPDATE orders SET fulfilment_status = 'packed' WHERE id = $1`, [ids.grace]);
    });
    const list = async (query: Record<string, string | number> = {}) => {
      const res = await admin.get(ADMIN).query(query);
      expect(res.status).toBe(200);
      return adminOrdersPageSchema.parse(res.body);
    };
    const names = (page: { orders: { customerName: string }[] }) => page.orders.map((o) => o.customerName);

    it('lists newest first with number, customer, state, test flag, items and total', async () => {
      const page = await list();
      expect(names(page)).toEqual(['Real Payment', 'Ada Lovelace', 'Grace Hopper', 'Old Order']);
      expect(page).toMatchObject({ page: 1, pageSize: 25, total: 4 });
      expect(page.orders[1]).toEqual({
        id: ids.ada,
        number: orderNumberOf(ids.ada),
        createdAt: '2026-03-20T18:00:00.000Z',
        customerName: 'Ada Lovelace',
        email: 'ada@example.com',
        status: 'COMPLETED',
        fulfilmentStatus: 'paid',
        testMode: true,
        itemCount: 3,
        totalCents: 3860,
        refundedCents: 0,
        currency: 'USD',
      });
    });

    it('pages with the total count', async () => {
      const first = await list({ pageSize: 3 });
      const second = await list({ pageSize: 3, page: 2 });
      expect([names(first), names(second), first.total, second.total]).toEqual([['Real Payment', 'Ada Lovelace', 'Grace Hopper'], ['Old Order'], 4, 4]);
      expect((await list({ pageSize: 3, page: 3 })).orders).toEqual([]);
    });

    it('filters by fulfilment, status, test flag and days in the shop’s time zone (both ends included)', async () => {
      expect(names(await list({ fulfilment: 'packed' }))).toEqual(['Grace Hopper']);
      expect(names(await list({ status: 'CANCELED' }))).toEqual([]);
      expect(names(await list({ status: 'COMPLETED', test: 'exclude' }))).toEqual(['Real Payment']);
      expect(names(await list({ test: 'only' }))).toEqual(['Ada Lovelace', 'Grace Hopper', 'Old Order']);
      expect(names(await list({ from: '2026-03-10', to: '2026-03-20' }))).toEqual(['Ada Lovelace', 'Grace Hopper']);
      // 2026-03-01T18:00Z is noon in Chicago on the 1st; 2026-03-30T18:00Z is 13:00 on the 30th.
      expect(names(await list({ to: '2026-03-01' }))).toEqual(['Old Order']);
      expect(names(await list({ from: '2026-03-30' }))).toEqual(['Real Payment']);
    });

    it('finds an order by its number, by the start of the e-mail, the first, last or full name, in any case', async () => {
      expect(names(await list({ q: orderNumberOf(ids.grace) }))).toEqual(['Grace Hopper']);
      expect(names(await list({ q: `#${orderNumberOf(ids.grace).toUpperCase()}` }))).toEqual(['Grace Hopper']);
      expect(names(await list({ q: ids.ada }))).toEqual(['Ada Lovelace']);
      expect(names(await list({ q: 'REAL@' }))).toEqual(['Real Payment']);
      expect(names(await list({ q: 'hop' }))).toEqual(['Grace Hopper']);
      expect(names(await list({ q: 'ada love' }))).toEqual(['Ada Lovelace']);
      expect(names(await list({ q: 'grace', test: 'exclude' }))).toEqual([]);
      // LIKE's wildcards are plain text in a search.
      expect(names(await list({ q: '%' }))).toEqual([]);
      expect(names(await list({ q: 'a_a' }))).toEqual([]);
    });

    it.each([
      [{ page: '0' }, 'page must be at least 1'],
      [{ pageSize: '101' }, 'pageSize must be at most 100'],
      [{ status: 'SHIPPED' }, 'status must be one of'],
      [{ fulfilment: 'lost' }, 'fulfilment must be one of'],
      [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD)'],
      [{ from: '2026-03-10', to: '2026-03-01' }, 'to must not be before from'],
      [{ test: 'yes' }, 'test must be all, exclude or only'],
      [{ q: 'x'.repeat(101) }, 'q must be at most 100 characters'],
      [{ sort: 'name' }, 'Unknown field: sort'],
    ])('refuses %j with 400 and a message', async (query, message) => {
      const res = await admin.get(ADMIN).query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('GET /api/admin/orders/:id', () => {
    it('answers lines, totals, address, payment reference, test flag and the timeline', async () => {
      const id = await place(customer, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
      const d = await detail(id);
      expect(d).toMatchObject({
        id,
        number: orderNumberOf(id),
        status: 'COMPLETED',
        fulfilmentStatus: 'paid',
        testMode: true,
        email: 'grace@example.com',
        userId: expect.any(Number),
        payment: { provider: 'test', paymentId: expect.stringMatching(/^test_/), paymentStatus: null },
        totals: {
          subtotalCents: 3048,
          shippingCents: 599,
          taxCents: 213,
          totalCents: 3860,
          refundedCents: 0,
          pendingRefundCents: 0,
          refundableCents: 3860,
          currency: 'USD',
        },
        shipping: { name: 'Grace Hopper', phone: '+12175550142', address: SHIPPING.address, city: SHIPPING.city, state: 'IL', zip: '62701', country: 'US' },
        shipment: { carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null, deliveredAt: null },
        refunds: [],
      });
      expect(d.lines.map((l) => [l.name, l.quantity, l.unitPriceCents, l.totalCents, l.refundedQuantity])).toEqual([
        ['Test Dark Cocoa', 2, 1299, 2598, 0],
        ['Test Cocoa Mug', 1, 450, 450, 0],
      ]);
      expect(d.timeline.map((e) => [e.actor, e.type, e.from, e.to])).toEqual([
        ['checkout', 'placed', null, 'PENDING'],
        ['checkout', 'paid', 'PENDING', 'COMPLETED'],
      ]);
    });

    it('answers 404 for an unknown id or one that is not an id', async () => {
      for (const id of ['0f0f0f0f-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await admin.get(`${ADMIN}/${id}`);
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Order not found' });
      }
    });
  });

  describe('fulfilment moves', () => {
    it('moves paid → packed → shipped → delivered, each with its audit row, the customer’s e-mail and the tracking link', async () => {
      const id = await place(t.agent(), { email: 'moves@example.com' });
      const mailsBefore = (await outbox()).length;

      const packed = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'packed' });
      expect(packed.status).toBe(200);
      expect(packed.body.fulfilmentStatus).toBe('packed');
      expect((await outbox()).length).toBe(mailsBefore); // packing is the shop's own business

      const shipped = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'UPS', trackingNumber: '1z 999 aa1 01 2345 6784' });
      expect(shipped.status).toBe(200);
      expect(shipped.body.shipment).toEqual({
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
        shippedAt: expect.any(String),
        deliveredAt: null,
      });
      const delivered = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'delivered' });
      expect(delivered.status).toBe(200);
      expect(delivered.body.shipment.deliveredAt).toEqual(expect.any(String));

      const mails = (await outbox()).slice(mailsBefore);
      expect(mails.map((m) => [m.recipient, m.template])).toEqual([
        ['moves@example.com', 'order-shipped'],
        ['moves@example.com', 'order-delivered'],
      ]);
      expect(mails[0].body_text).toContain('1Z999AA10123456784');
      const timeline = adminOrderDetailSchema.parse(delivered.body).timeline.slice(2);
      expect(timeline.map((e) => [e.actor, e.type, e.from, e.to])).toEqual([
        ['admin:admin', 'fulfilment', 'paid', 'packed'],
        ['admin:admin', 'fulfilment', 'packed', 'shipped'],
        ['admin:admin', 'fulfilment', 'shipped', 'delivered'],
      ]);
      expect(timeline[1].detail).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

      // The customer's order page shows where the parcel is; the Square-shaped fields stay as they were.
      const view = await admin.get(`/api/orders/${id}`);
      expect(orderViewSchema.parse(view.body)).toMatchObject({
        status: 'COMPLETED',
        fulfilment: { status: 'delivered', carrier: 'UPS', trackingUrl: expect.stringContaining('ups.com') },
      });
    });

    it('adds where the parcel is to the customer’s /api/me/orders, the Square-shaped fields unchanged', async () => {
      const id = await place(customer, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
      const before = (await customer.get('/api/me/orders')).body.find((o: { id: string }) => o.id === id);
      await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' });
      const after = (await customer.get('/api/me/orders')).body.find((o: { id: string }) => o.id === id);
      expect(providerOrderSchema.parse(after).fulfilment).toEqual({
        status: 'shipped',
        carrier: 'FedEx',
        trackingNumber: '123456789012',
        trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
        shippedAt: expect.any(String),
        deliveredAt: null,
      });
      const { fulfilment: _was, ...squareShapedBefore } = before;
      const { fulfilment: _now, ...squareShapedAfter } = after;
      expect(squareShapedAfter).toEqual(squareShapedBefore);
      expect(after).toMatchObject({ state: 'COMPLETED', fulfillments: [{ type: 'SHIPMENT', state: 'PROPOSED' }] });
    });

    it('ships straight from paid, with the carrier Other and the owner’s own tracking link', async () => {
      const id = await place(t.agent());
      const res = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'Other', trackingUrl: 'https://courier.example/track/77' });
      expect(res.status).toBe(200);
      expect(res.body.shipment).toMatchObject({ carrier: 'Other', trackingNumber: null, trackingUrl: 'https://courier.example/track/77' });
    });

    it('refuses a move the states do not allow with 409 and a message, changing nothing and queuing no e-mail', async () => {
      const id = await place(t.agent());
      const before = await snapshot();
      for (const to of ['delivered']) {
        const res = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ message: 'This order cannot be marked “Delivered”: it is “Paid, to pack”.', code: 'ILLEGAL_FULFILMENT_MOVE' });
      }
      expect(await snapshot()).toEqual(before);

      await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000000' });
      for (const to of ['packed', 'shipped']) {
        const body = to === 'shipped' ? { to, carrier: 'USPS', trackingNumber: '9400100000000000000001' } : { to };
        const res = await admin.post(`${ADMIN}/${id}/fulfilment`).send(body);
        expect([res.status, res.body.code]).toEqual([409, 'ILLEGAL_FULFILMENT_MOVE']);
      }
    });

    it('a move replayed from the tablet’s offline queue under its Idempotency-Key is made once: one audit row, one e-mail, the same answer', async () => {
      const id = await place(t.agent());
      const ship = () =>
        admin
          .post(`${ADMIN}/${id}/fulfilment`)
          .set('Idempotency-Key', `ship-${id.slice(0, 8)}`)
          .send({ to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
      const shippedMails = async () => (await outbox()).filter((m) => m.template === 'order-shipped' && m.body_text.includes('1Z999AA10123456784')).length;
      const mailsBefore = await shippedMails();
      const [first, second] = await Promise.all([ship(), ship()]);
      const third = await ship();
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(first.body.shipment).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
      expect(second.body).toEqual(first.body);
      expect(third.body).toEqual(first.body);
      expect(await shippedMails()).toBe(mailsBefore + 1);
      expect((await detail(id)).timeline.filter((e) => e.type === 'fulfilment' && e.to === 'shipped')).toHaveLength(1);
      // The key was this order's: sent for another order, it is refused and changes nothing.
      const other = await place(t.agent());
      const before = await snapshot();
      const reused = await admin
        .post(`${ADMIN}/${other}/fulfilment`)
        .set('Idempotency-Key', `ship-${id.slice(0, 8)}`)
        .send({ to: 'packed' });
      expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
      expect(await snapshot()).toEqual(before);
    });

    it('a move queued offline that the order no longer allows (cancelled meanwhile) is refused on replay with 409 and its message', async () => {
      const id = await place(t.agent());
      await admin.post(`${ADMIN}/${id}/cancel`).send({ reason: 'Customer asked' }).expect(200);
      const res = await admin
        .post(`${ADMIN}/${id}/fulfilment`)
        .set('Idempotency-Key', 'queued-ship-0001')
        .send({ to: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000009' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ILLEGAL_FULFILMENT_MOVE');
      expect(res.body.message).toMatch(/^This order cannot be marked “Shipped”: it is /);
    });

    it('rolls the e-mail back with a move that fails after queuing it', async () => {
      const id = await place(t.agent());
      await t.dataSource.query(`
        CREATE FUNCTION refuse_delivery_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.type = 'fulfilment' AND NEW.to_status = 'shipped' THEN RAISE EXCEPTION 'audit refused'; END IF;
          RETURN NEW;
        END; $$;
        CREATE TRIGGER refuse_delivery_audit BEFORE INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION refuse_delivery_audit();
      `);
      try {
        const mails = (await outbox()).length;
        const res = await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' });
        expect(res.status).toBe(500);
        expect((await outbox()).length).toBe(mails);
        expect((await detail(id)).fulfilmentStatus).toBe('paid');
      } finally {
        await t.dataSource.query(`DROP TRIGGER refuse_delivery_audit ON order_events; DROP FUNCTION refuse_delivery_audit();`);
      }
    });

    it.each([
      [{ to: 'cancelled' }, 'to must be one of packed, shipped, delivered'],
      [{ to: 'shipped' }, 'Please choose the carrier'],
      [{ to: 'shipped', carrier: 'UPS' }, 'Please enter the tracking number'],
      [{ to: 'shipped', carrier: 'Pigeon', trackingNumber: '1234' }, 'carrier must be one of USPS, UPS, FedEx, DHL, Other'],
      [{ to: 'shipped', carrier: 'UPS', trackingNumber: '12<script>' }, 'A tracking number has 4 to 40 letters and digits'],
      [{ to: 'shipped', carrier: 'Other', trackingUrl: 'javascript:alert(1)' }, 'The tracking link must start with https:// or http://'],
      [{ to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://x.example' }, 'A tracking link is given only for the carrier Other'],
      [{ to: 'packed', carrier: 'UPS' }, 'Carrier and tracking are given only when marking an order shipped'],
      [{ to: 'packed', note: 'x' }, 'Unknown field: note'],
      [[], 'Request body must be a JSON object'],
    ])('refuses the body %j with 400 and a message', refusedOnNewOrder('fulfilment'));
  });

  describe('cancel', () => {
    it('cancels before shipping: refunds the rest locally, puts the lines back in stock and e-mails the customer', async () => {
      await stockTwenty();
      const id = await place(t.agent(), { email: 'cancel@example.com' });
      expect([await stockOf(f.cocoa.id), await stockOf(f.mug.id)]).toEqual([18, 19]);
      const mails = (await outbox()).length;
      const res = await admin.post(`${ADMIN}/${id}/cancel`).send({ reason: 'Customer asked', restock: true });
      expect(res.status).toBe(200);
      const d = adminOrderDetailSchema.parse(res.body);
      expect(d).toMatchObject({ status: 'COMPLETED', fulfilmentStatus: 'cancelled', totals: { refundedCents: 3860, refundableCents: 0 } });
      expect(d.refunds).toEqual([
        expect.objectContaining({
          amountCents: 3860,
          status: 'COMPLETED',
          reason: 'Customer asked',
          squareRefundId: null,
          restocked: true,
          createdBy: 'admin:admin',
        }),
      ]);
      expect(d.timeline.at(-1)).toMatchObject({
        actor: 'admin:admin',
        type: 'cancelled',
        from: 'paid',
        to: 'cancelled',
        detail: { amountCents: 3860, reason: 'Customer asked', restocked: true },
      });
      expect([await stockOf(f.cocoa.id), await stockOf(f.mug.id)]).toEqual([20, 20]);
      expect((await outbox()).slice(mails).map((m) => [m.recipient, m.template])).toEqual([['cancel@example.com', 'order-cancelled']]);
      // The provider-shaped state stays what it is; the customer sees the fulfilment.
      const view = orderViewSchema.parse((await admin.get(`/api/orders/${id}`)).body);
      expect([view.status, view.fulfilment.status, view.refunded]).toEqual(['COMPLETED', 'cancelled', 38.6]);
    });

    it('refuses to cancel once shipped (409, nothing changed) and an order already cancelled', async () => {
      const id = await place(t.agent());
      await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'shipped', carrier: 'DHL', trackingNumber: '1234567890' });
      const before = await snapshot();
      const res = await admin.post(`${ADMIN}/${id}/cancel`).send({ reason: 'Too late', restock: false });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'This order has shipped, so it can no longer be cancelled. Refund it instead.', code: 'CANCEL_NOT_ALLOWED' });
      expect(await snapshot()).toEqual(before);

      const other = await place(t.agent());
      expect((await admin.post(`${ADMIN}/${other}/cancel`).send({ reason: 'Duplicate' })).status).toBe(200);
      const again = await admin.post(`${ADMIN}/${other}/cancel`).send({ reason: 'Duplicate' });
      expect([again.status, again.body.message]).toEqual([409, 'This order is already cancelled.']);
      expect((await admin.post(`${ADMIN}/${other}/fulfilment`).send({ to: 'packed' })).status).toBe(409);
    });

    it.each([
      [{}, 'Please give a reason'],
      [{ reason: '   ' }, 'Please give a reason'],
      [{ reason: 'x'.repeat(193) }, 'The reason must be at most 192 characters'],
      [{ reason: 'ok', restock: 'yes' }, 'restock must be true or false'],
    ])('refuses %j with 400 and a message', refusedOnNewOrder('cancel'));
  });

  describe('refunds of a test-mode payment (recorded locally)', () => {
    it('refunds by line (price plus its tax), then by amount, never above what remains', async () => {
      await stockTwenty();
      const id = await place(t.agent(), { email: 'refund@example.com' });
      const cocoaLine = (await detail(id)).lines[0];
      const mails = (await outbox()).length;

      const byLine = await admin.post(`${ADMIN}/${id}/refunds`).send({ lines: [{ itemId: cocoaLine.id, quantity: 1 }], reason: 'Damaged tin', restock: true });
      expect(byLine.status).toBe(200);
      // 12.99 + 7 % tax (0.91) = 13.90
      expect(byLine.body.totals).toMatchObject({ refundedCents: 1390, refundableCents: 3860 - 1390 });
      expect(byLine.body.lines[0].refundedQuantity).toBe(1);
      expect(await stockOf(f.cocoa.id)).toBe(19);
      expect(byLine.body.timeline.at(-1)).toMatchObject({
        type: 'refunded',
        actor: 'admin:admin',
        from: 'paid',
        to: 'paid',
        detail: { amountCents: 1390, status: 'COMPLETED' },
      });

      const tooMuch = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 2471, reason: 'Goodwill' });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body).toEqual({ message: 'At most $24.70 can still be refunded on this order.', code: 'REFUND_TOO_LARGE' });
      const twoMore = await admin.post(`${ADMIN}/${id}/refunds`).send({ lines: [{ itemId: cocoaLine.id, quantity: 2 }], reason: 'Damaged tin' });
      expect([twoMore.status, twoMore.body.message]).toEqual([409, 'Only 1 of “Test Dark Cocoa” can still be refunded.']);

      const rest = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 2470, reason: 'Goodwill' });
      expect(rest.status).toBe(200);
      expect(rest.body.totals).toMatchObject({ refundedCents: 3860, refundableCents: 0 });
      const none = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 1, reason: 'Again' });
      expect([none.status, none.body.code]).toEqual([409, 'NOTHING_TO_REFUND']);

      const sent = (await outbox()).slice(mails);
      expect(sent.map((m) => [m.recipient, m.template])).toEqual([
        ['refund@example.com', 'order-refunded'],
        ['refund@example.com', 'order-refunded'],
      ]);
      expect(sent[1].body_text).toContain('$24.70');
    });

    it.each([
      [{ reason: 'x' }, 'Give an amount or the lines to refund'],
      [{ amountCents: 0, reason: 'x' }, 'The refund must be at least 1 cent'],
      [{ amountCents: 12.5, reason: 'x' }, 'amountCents must be a whole number of cents'],
      [{ amountCents: '100', reason: 'x' }, 'amountCents must be a number of cents'],
      [{ amountCents: 100 }, 'Please give a reason'],
      [{ amountCents: 100, reason: 'x', restock: true }, 'Choose the lines to put back in stock'],
      [{ lines: [], reason: 'x' }, 'Choose at least one line'],
      [
        {
          lines: [
            { itemId: 1, quantity: 1 },
            { itemId: 1, quantity: 2 },
          ],
          reason: 'x',
        },
        'Each line may appear once',
      ],
      [{ lines: [{ itemId: 1, quantity: 0 }], reason: 'x' }, 'quantity must be at least 1'],
      [{ lines: [{ itemId: 2147483647, quantity: 1 }], reason: 'x' }, 'Line 2147483647 is not part of this order'],
    ])('refuses %j with 400 and a message, changing nothing', refusedOnNewOrder('refunds'));
  });

  describe('who may call', () => {
    const routes = (id: string, refundId: string): [string, string][] => [
      ['get', ADMIN],
      ['get', `${ADMIN}/${id}`],
      ['post', `${ADMIN}/${id}/fulfilment`],
      ['post', `${ADMIN}/${id}/cancel`],
      ['post', `${ADMIN}/${id}/refunds`],
      ['post', `${ADMIN}/${id}/refunds/${refundId}/retry`],
    ];

    it('answers 401 to visitors and 403 to customers on every admin route, changing nothing', async () => {
      const id = await place(customer);
      const before = await snapshot();
      for (const [method, path] of routes(id, '0f0f0f0f-0000-4000-8000-000000000000')) {
        const body = { to: 'packed', reason: 'x', amountCents: 1 };
        const anonymous = await (method === 'get' ? t.agent().get(path) : t.agent().post(path).send(body));
        const signedIn = await (method === 'get' ? customer.get(path) : customer.post(path).send(body));
        expect([path, anonymous.status, signedIn.status]).toEqual([path, 401, 403]);
        expect(signedIn.body.message).toBe('Admin access required');
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the order link (GET /api/orders/:id?token=)', () => {
    it('opens a guest’s order without an account; refuses a bad token (403), another order’s (403) and an expired one (410)', async () => {
      const id = await place(t.agent(), { email: 'guest@example.com' });
      const other = await place(t.agent());
      const signer = await t.app.get(SignedLinksService).signer(ORDER_LINKS);
      const token = signer.token(id);

      const ok = await t.agent().get(`/api/orders/${id}`).query({ token });
      expect(ok.status).toBe(200);
      expect(orderViewSchema.parse(ok.body)).toMatchObject({ id, email: 'guest@example.com', fulfilment: { status: 'paid', trackingUrl: null }, refunded: 0 });

      const refused = { message: 'This order link is not valid. Please use the link from your order e-mail, or sign in.', code: 'ORDER_LINK_INVALID' };
      // One character of the signature changed (a different signature), and the same signature
      // spelt another way: its last character's two unused bits set otherwise (it decodes to the same bytes).
      const at = token.length - 10;
      const flipped = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
      const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelt = `${token.slice(0, -1)}${base64url[base64url.indexOf(token.at(-1)!) ^ 1]}`;
      const signature = (link: string) => link.split('.')[1];
      expect(Buffer.from(signature(respelt), 'base64url')).toEqual(Buffer.from(signature(token), 'base64url'));
      for (const bad of [flipped, respelt, 'abc', '', signer.token(other)]) {
        const res = await t.agent().get(`/api/orders/${id}`).query({ token: bad });
        expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 403, body: refused });
      }
      // A token for an order that does not exist is refused the same way: the link says nothing.
      const missing = await t.agent().get('/api/orders/0f0f0f0f-0000-4000-8000-000000000000').query({ token });
      expect(missing.status).toBe(403);

      const ninetyOneDaysAgo = Date.now() - 91 * 24 * 3600 * 1000;
      const expired = await t
        .agent()
        .get(`/api/orders/${id}`)
        .query({ token: signer.token(id, ninetyOneDaysAgo) });
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({
        message: 'This order link has expired. Please sign in to see your order, or contact us for a new link.',
        code: 'ORDER_LINK_EXPIRED',
      });
      const eightyNineDaysAgo = Date.now() - 89 * 24 * 3600 * 1000;
      expect(
        (
          await t
            .agent()
            .get(`/api/orders/${id}`)
            .query({ token: signer.token(id, eightyNineDaysAgo) })
        ).status,
      ).toBe(200);

      const tooLong = await t
        .agent()
        .get(`/api/orders/${id}`)
        .query({ token: 'x'.repeat(201) });
      expect(tooLong.status).toBe(400);
      // Without a token a visitor still gets the 404 of someone else's order.
      expect((await t.agent().get(`/api/orders/${id}`)).status).toBe(404);
    });

    it('lets the signed-in owner in without a token, even with an expired one', async () => {
      const id = await place(customer);
      const signer = await t.app.get(SignedLinksService).signer(ORDER_LINKS);
      expect((await customer.get(`/api/orders/${id}`)).status).toBe(200);
      expect((await customer.get(`/api/orders/${id}`).query({ token: signer.token(id, Date.now() - 365 * 24 * 3600 * 1000) })).status).toBe(200);
    });
  });
});
