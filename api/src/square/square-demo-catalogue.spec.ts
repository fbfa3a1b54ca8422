import { MONEY_SETTINGS_DEFAULTS, priceOrder, fromCents } from '@cocoa/shared-types';
import { SquareClient, SquareError } from 'square';
import { useSquareApp } from '../test/square-shop';
import { TEST_ADMIN } from '../test/test-app';
import { checkoutBody, type CheckoutFixtures, insertCheckoutProducts } from '../orders/orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';

interface DemoProduct {
  id: number;
  name: string;
  price_cents: number;
  variation_id: string;
}

/**
 * Square connected with the demo catalogue present (the real SDK against a local double of
 * Square): the seeded products, whose SEED-VAR-* ids Square has never seen, stay sellable, and
 * syncing Square's catalogue never deletes or changes them nor the order history.
 */
describe('Square connected beside the demo catalogue', () => {
  const { square, t } = useSquareApp({ SQUARE_ACCESS_TOKEN: 'EAAA-demo-catalogue-token' });
  let f: CheckoutFixtures;
  let demo: DemoProduct[];

  /** A checkout of these products, one each, with the amounts a correct client computes. */
  const cartOf = (products: { id: number; name: string; price_cents: number }[], shipping: Partial<ReturnType<typeof checkoutBody>['shippingData']> = {}) => {
    const totals = priceOrder({
      lines: products.map((p) => ({ price: fromCents(p.price_cents), quantity: 1 })),
      place: { country: 'US' },
      settings: MONEY_SETTINGS_DEFAULTS,
    });
    const body = checkoutBody(f);
    return {
      ...body,
      amount: fromCents(totals.total),
      shippingCost: fromCents(totals.shipping),
      taxAmount: fromCents(totals.tax),
      cartItems: products.map((p) => ({ id: p.id, quantity: 1, name: p.name })),
      shippingData: { ...body.shippingData, ...shipping },
    };
  };

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    demo = await t.dataSource.query(`SELECT id, name, price_cents, variation_id FROM products WHERE variation_id LIKE 'SEED-VAR-%' AND in_stock ORDER BY id`);
  });

  it('sells a demo product (SEED-VAR id, never synced) as an ad-hoc line with its name and price', async () => {
    expect(demo.length).toBeGreaterThan(0);
    const [product] = demo;
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(cartOf([product]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentId: expect.stringMatching(/^PAY-/), testMode: false });

    expect(square.calls('/v2/catalog/batch-retrieve')[0].body).toEqual({ object_ids: [product.variation_id] });
    const order = square.calls('/v2/orders')[0].body!.order;
    expect(order.line_items).toEqual([{ name: product.name, quantity: '1', base_price_money: { amount: product.price_cents, currency: 'USD' } }]);
    expect(square.calls('/v2/payments')).toHaveLength(1);
  });

  it('syncing Square keeps every demo product and the order history as they were; a synced product goes by catalogue id', async () => {
    const snapshot = async () => ({
      products: await t.dataSource.query(
        `SELECT id, name, slug, price_cents, variation_id, in_stock, category_id, description FROM products WHERE variation_id LIKE 'SEED-VAR-%' ORDER BY id`,
      ),
      orders: await t.dataSource.query(`SELECT id, status, total_cents, payment_id FROM orders ORDER BY id`),
      items: await t.dataSource.query(
        `SELECT order_id, product_id, variation_id, name, unit_price_cents, quantity FROM order_items ORDER BY order_id, position`,
      ),
    });
    const before = await snapshot();
    expect(before.orders.length).toBeGreaterThan(0); // the demo sale above

    // Square's catalogue: one item of the owner's, and one named like a demo product.
    square.catalogObjects = [
      {
        type: 'ITEM',
        id: 'ITEM-OWN',
        item_data: {
          name: "Owner's Cocoa",
          variations: [
            {
              type: 'ITEM_VARIATION',
              id: 'SQ-VAR-OWN',
              item_variation_data: { name: 'Regular', pricing_type: 'FIXED_PRICING', price_money: { amount: 1150, currency: 'USD' } },
            },
          ],
        },
      },
      {
        type: 'ITEM',
        id: 'ITEM-TWIN',
        item_data: {
          name: demo[0].name,
          variations: [
            {
              type: 'ITEM_VARIATION',
              id: 'SQ-VAR-TWIN',
              item_variation_data: { name: 'Regular', pricing_type: 'FIXED_PRICING', price_money: { amount: 999, currency: 'USD' } },
            },
          ],
        },
      },
    ];
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const sync = await admin.post('/api/square/catalog/sync');
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ created: 2, updated: 0 });
    await admin.post('/api/square/catalog/sync').expect(200); // twice: still nothing else changes
    expect(await snapshot()).toEqual(before);

    const [own] = await t.dataSource.query(`SELECT id, name, price_cents FROM products WHERE variation_id = 'SQ-VAR-OWN'`);
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(cartOf([own, demo[1]]));
    expect(res.status).toBe(200);
    expect(square.calls('/v2/orders')[0].body!.order.line_items).toEqual([
      { catalog_object_id: 'SQ-VAR-OWN', quantity: '1' },
      { name: demo[1].name, quantity: '1', base_price_money: { amount: demo[1].price_cents, currency: 'USD' } },
    ]);
  });

  it('sends the phone typed with an extension as E.164 to Square; our order keeps the extension', async () => {
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(cartOf([demo[0]], { email: 'extension@example.com', phone: '+1 (217) 555-0142 ext. 12' }));
    expect(res.status).toBe(200);
    const recipient = square.calls('/v2/orders')[0].body!.order.fulfillments[0].shipment_details.recipient;
    expect(recipient.phone_number).toBe('+12175550142');
    expect(square.calls('/v2/customers')[0].body).toMatchObject({ email_address: 'extension@example.com', phone_number: '+12175550142' });
    const [row] = await t.dataSource.query(`SELECT shipping_phone FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(row.shipping_phone).toBe('+12175550142 ext. 12');
  });

  it('refuses a phone that is not a number with the form message, before calling Square', async () => {
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(cartOf([demo[0]], { phone: '555-123-4567' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter a phone number we can reach, e.g. (217) 555-0142');
    expect(square.requests.filter((r) => r.path !== '/v2/locations')).toEqual([]);
  });

  it("a failed catalogue lookup answers Square's detail and leaves nothing at Square", async () => {
    square.failNext.set('/v2/catalog/batch-retrieve', {
      status: 500,
      errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'Catalog is having a moment' }],
    });
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(cartOf([demo[0]]));
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Catalog is having a moment');
    for (const path of ['/v2/customers', '/v2/orders', '/v2/payments']) expect(square.calls(path)).toHaveLength(0);
  });

  it("the double, like Square, answers a body over Square's limits with 400 and the field", async () => {
    const client = new SquareClient({ baseUrl: square.url, token: 'EAAA-demo-catalogue-token', maxRetries: 0 });
    const err = await client.orders
      .create({
        idempotencyKey: 'k-1',
        order: {
          locationId: 'LOC-MAIN',
          lineItems: [{ name: 'Cocoa', quantity: '1', basePriceMoney: { amount: BigInt(100), currency: 'USD' } }],
          fulfillments: [{ type: 'SHIPMENT', shipmentDetails: { recipient: { displayName: 'Ada', phoneNumber: '+1 (217) 555-0142 ext. 12' } } }],
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SquareError);
    expect((err as SquareError).statusCode).toBe(400);
    expect((err as SquareError).errors).toEqual([
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'VALUE_TOO_LONG',
        detail: 'Field must not be greater than 17 length',
        field: 'order.fulfillments[0].shipment_details.recipient.phone_number',
      },
    ]);
  });
});
