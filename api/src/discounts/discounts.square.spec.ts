import { MONEY_SETTINGS_DEFAULTS, orderNumberOf, priceOrder } from '@cocoa/shared-types';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts, SHIPPING } from '../orders/orders.fixtures';
import { useSquareApp } from '../test/square-shop';
import { TEST_ADMIN } from '../test/test-app';

const COMPLETE = '/api/square/checkout/complete';
const TOKEN = 'EAAA-test-access-token';

describe('a discount code sent to Square (real SDK against the local double)', () => {
  const { square, t } = useSquareApp({ SQUARE_ACCESS_TOKEN: TOKEN });
  let f: CheckoutFixtures;

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    for (const p of [f.cocoa, f.mug, f.soldOut]) square.catalogPrices.set(p.variationId, p.priceCents);
  });

  it('sends the discount as an order-level amount off, and the order, the e-mail and Square agree on every total', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.post('/api/admin/discounts').send({ code: 'CUP-15', kind: 'percent', value: 15 })).status).toBe(201);
    const lines = [
      { price: 12.99, quantity: 2 },
      { price: 4.5, quantity: 1 },
    ];
    // 15 % of $30.48 = $4.57; tax 7 % of $25.91 = $1.81; shipping $5.99
    const totals = priceOrder({ lines, place: { country: 'US', region: 'IL' }, settings: MONEY_SETTINGS_DEFAULTS, discountCents: 457 });
    expect(totals).toMatchObject({ discount: 457, tax: 181, shipping: 599, total: 3048 - 457 + 181 + 599 });
    const body = checkoutBody(f, {
      sourceId: 'cnon:card-from-web-payments',
      discountCode: 'cup-15',
      amount: totals.total / 100,
      shippingCost: totals.shipping / 100,
      taxAmount: totals.tax / 100,
    });
    const res = await t.agent().post(COMPLETE).send(body);
    expect(res.status).toBe(200);

    const [orderCall] = square.calls('/v2/orders');
    expect(orderCall.body!.order.discounts).toEqual([
      { uid: 'discount-code', name: 'Discount code CUP-15', type: 'FIXED_AMOUNT', amount_money: { amount: 457, currency: 'USD' }, scope: 'ORDER' },
    ]);
    const squareOrder = square.orders.get(square.calls('/v2/payments')[0].body!.order_id as string)!;
    expect(squareOrder.total_money).toEqual({ amount: totals.total, currency: 'USD' });
    expect(squareOrder.total_tax_money).toEqual({ amount: totals.tax, currency: 'USD' });
    expect(squareOrder.total_discount_money).toEqual({ amount: 457, currency: 'USD' });
    expect(square.calls('/v2/payments')[0].body!.amount_money).toEqual({ amount: totals.total, currency: 'USD' });

    const [row] = await t.dataSource.query(`SELECT total_cents, tax_cents, discount_cents, discount_code FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(row).toEqual({ total_cents: totals.total, tax_cents: totals.tax, discount_cents: 457, discount_code: 'CUP-15' });
    const view = await admin.get(`/api/admin/orders/${res.body.orderId}`);
    expect(view.body.totals).toMatchObject({ subtotalCents: 3048, discountCents: 457, taxCents: totals.tax, totalCents: totals.total });

    await t.mailWritten();
    const [mail] = await t.dataSource.query(
      `SELECT body_text FROM mail_outbox WHERE recipient = $1 AND template = 'order-confirmation' AND body_text LIKE $2 ORDER BY id DESC LIMIT 1`,
      [SHIPPING.email, `%${orderNumberOf(res.body.orderId)}%`],
    );
    expect(mail.body_text).toMatch(/Discount \(CUP-15\)\s+-\$4\.57/);
    expect(mail.body_text).toMatch(/Tax\s+\$1\.81/);
    expect(mail.body_text).toMatch(/Total\s+\$33\.71/);
  });

  it.each([
    ['a percentage sent as a number', { type: 'FIXED_PERCENTAGE', percentage: 10, scope: 'ORDER', name: 'Ten' }, 'order.discounts[0].percentage'],
    [
      'a percentage with an amount',
      { type: 'FIXED_PERCENTAGE', percentage: '10', amount_money: { amount: 5, currency: 'USD' }, scope: 'ORDER', name: 'Ten' },
      'order.discounts[0].amount_money',
    ],
    [
      'an amount with a percentage',
      { type: 'FIXED_AMOUNT', percentage: '10', amount_money: { amount: 5, currency: 'USD' }, scope: 'ORDER', name: 'Five' },
      'order.discounts[0].percentage',
    ],
    ['an amount without amount_money', { type: 'FIXED_AMOUNT', scope: 'ORDER', name: 'Five' }, 'order.discounts[0].amount_money'],
    ['an unknown type', { type: 'HALF_OFF', amount_money: { amount: 5, currency: 'USD' }, scope: 'ORDER', name: 'Five' }, 'order.discounts[0].type'],
    [
      'a name over 255 characters',
      { type: 'FIXED_AMOUNT', amount_money: { amount: 5, currency: 'USD' }, scope: 'ORDER', name: 'x'.repeat(256) },
      'order.discounts[0].name',
    ],
    ['a percentage over 10 characters', { type: 'FIXED_PERCENTAGE', percentage: '10.000000001', scope: 'ORDER', name: 'Ten' }, 'order.discounts[0].percentage'],
    ['a discount without a scope', { type: 'FIXED_AMOUNT', amount_money: { amount: 5, currency: 'USD' }, name: 'Five' }, 'order.discounts[0].scope'],
  ])('the double refuses %s as Square does (400 naming the field)', async (_what, discount, field) => {
    const res = await fetch(`${square.url}/v2/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        idempotency_key: 'k1',
        order: {
          location_id: 'LOC',
          line_items: [{ name: 'Cocoa', quantity: '1', base_price_money: { amount: 1000, currency: 'USD' } }],
          discounts: [discount],
        },
      }),
    });
    const answer = (await res.json()) as { errors: Array<{ field: string }> };
    expect(res.status).toBe(400);
    expect(answer.errors[0].field).toBe(field);
  });
});
