import { formatCents, fromCents, type MoneySettings, MONEY_SETTINGS_DEFAULTS, orderNumberOf, percentOfCents } from '@cocoa/shared-types';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { useSquareApp } from '../test/square-shop';
import { TEST_ADMIN, type TestAgent } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, countOrders, insertCheckoutProducts, insertPickupStop, pickupBody, SHIPPING } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const SETTINGS = '/api/admin/money-settings';

// Real addresses: Canada Post's head office (K1A 0B1 is the example of Canada Post's addressing
// guidelines) and Australia Post's head office in Melbourne (a 4-digit postcode).
const CANADA = { ...SHIPPING, phone: '(613) 555-0142', address: '2701 Riverside Drive', city: 'Ottawa', state: 'ON', zipCode: 'K1A 0B1', country: 'CA' };
const AUSTRALIA = { ...SHIPPING, phone: '(03) 5550 4321', address: '111 Bourke Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU' };

const OWNER: MoneySettings = {
  shipTo: ['US', 'CA', 'AU'],
  shippingRates: [
    { country: 'US', region: null, cents: 599 },
    { country: 'CA', region: null, cents: 1500 },
    { country: 'AU', region: null, cents: 2000 },
  ],
  freeShippingOverCents: null,
  taxRates: [
    { country: 'US', region: null, percent: 7 },
    { country: 'US', region: 'IL', percent: 6.25 },
    { country: 'CA', region: 'ON', percent: 13 },
  ],
};

/** Shipping and tax by the owner's rates, with Square connected: the order, its e-mail and Square's order agree to the cent. */
describe('shipping and tax rates', () => {
  const { square, t } = useSquareApp({ SQUARE_ACCESS_TOKEN: 'EAAA-test-access-token' });
  let f: CheckoutFixtures;
  let admin: TestAgent;

  /** The cart of checkoutBody (2 x 12.99 + 4.50 = 30.48) shipped to `shippingData` with the amounts given. */
  const place = (shippingData: object, cents: { shipping: number; tax: number }) =>
    t
      .agent()
      .post(COMPLETE)
      .send(
        checkoutBody(f, {
          shippingData: shippingData as never,
          shippingCost: fromCents(cents.shipping),
          taxAmount: fromCents(cents.tax),
          amount: fromCents(3048 + cents.shipping + cents.tax),
        }),
      );

  /** The order row, Square's order and payment, and the confirmation e-mail of the order just placed. */
  const recorded = async (orderId: string) => {
    const [row] = await t.dataSource.query(`SELECT subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_state FROM orders WHERE id = $1`, [
      orderId,
    ]);
    const order = square.calls('/v2/orders').at(-1)!.body!.order;
    const payment = square.calls('/v2/payments').at(-1)!.body!;
    await t.mailWritten();
    const [mail] = await t.dataSource.query(`SELECT body_text FROM mail_outbox WHERE template = 'order-confirmation' AND strpos(body_text, $1) > 0`, [
      orderNumberOf(orderId),
    ]);
    return { row, order, payment, mail: mail.body_text as string };
  };

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    for (const p of [f.cocoa, f.mug, f.soldOut]) square.catalogPrices.set(p.variationId, p.priceCents);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('starts with the United States only, 5.99 shipping and 7 % tax; only the owner may change them, and bad rates change nothing', async () => {
    expect((await t.agent().get('/api/money-settings')).body).toEqual(MONEY_SETTINGS_DEFAULTS);
    expect((await t.agent().put(SETTINGS).send(OWNER)).status).toBe(401);
    expect((await t.agent().get(SETTINGS)).status).toBe(401);
    for (const bad of [
      { ...OWNER, shipTo: ['US', 'GB'] },
      { ...OWNER, taxRates: [{ country: 'US', region: 'ON', percent: 5 }] },
      { ...OWNER, freeShippingOverCents: 'lots' },
      { ...OWNER, shippingRates: [{ country: 'US', region: null, cents: -1 }] },
      'not settings',
    ]) {
      const res = await admin.put(SETTINGS).send(bad as never);
      expect({ status: res.status, code: res.body.code, message: typeof res.body.message }).toEqual({
        status: 400,
        code: expect.any(String),
        message: 'string',
      });
    }
    expect((await admin.get(SETTINGS)).body).toEqual(MONEY_SETTINGS_DEFAULTS);
    const saved = await admin.put(SETTINGS).send(OWNER);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(OWNER);
    expect((await t.agent().get('/api/money-settings')).body).toEqual(OWNER);
  });

  it("checks out a Canadian address with its province at the owner's rates: the order, the e-mail and Square agree", async () => {
    await admin.put(SETTINGS).send(OWNER);
    // 13 % of 30.48 = 3.9624
    const res = await place(CANADA, { shipping: 1500, tax: 396 });
    expect(res.status).toBe(200);
    const { row, order, payment, mail } = await recorded(res.body.orderId);
    expect(row).toEqual({ subtotal_cents: 3048, shipping_cents: 1500, tax_cents: 396, total_cents: 4944, shipping_state: 'ON' });
    expect(order.taxes).toEqual([{ uid: 'sales-tax', name: 'Sales Tax', percentage: '13', type: 'ADDITIVE', scope: 'ORDER' }]);
    expect(order.service_charges[0].amount_money).toEqual({ amount: 1500, currency: 'USD' });
    expect(payment.amount_money).toEqual({ amount: 4944, currency: 'USD' });
    for (const shown of [formatCents(1500), formatCents(396), formatCents(4944)]) expect(mail).toContain(shown);
  });

  it('checks out an Australian address with its 4-digit postcode, with no tax where the owner set none', async () => {
    await admin.put(SETTINGS).send(OWNER);
    const res = await place(AUSTRALIA, { shipping: 2000, tax: 0 });
    expect(res.status).toBe(200);
    const { row, order, payment } = await recorded(res.body.orderId);
    expect(row).toMatchObject({ shipping_cents: 2000, tax_cents: 0, total_cents: 5048 });
    expect(order.taxes ?? []).toEqual([]);
    expect(payment.amount_money.amount).toBe(5048);
  });

  it("applies the owner's rate for the buyer's state", async () => {
    await admin.put(SETTINGS).send(OWNER);
    // Illinois at 6.25 %: 190.5 rounds up to 1.91
    const res = await place(SHIPPING, { shipping: 599, tax: 191 });
    expect(res.status).toBe(200);
    const { row, order, payment, mail } = await recorded(res.body.orderId);
    expect(row).toMatchObject({ tax_cents: 191, total_cents: 3838 });
    expect(order.taxes[0].percentage).toBe('6.25');
    expect(payment.amount_money.amount).toBe(3838);
    expect(mail).toContain(formatCents(3838));
    // the old 7 % total is refused: the client must show what the server charges
    const stale = await place(SHIPPING, { shipping: 599, tax: 213 });
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 409, code: 'AMOUNT_MISMATCH' });
  });

  it("ships free once the subtotal reaches the owner's amount", async () => {
    await admin.put(SETTINGS).send({ ...OWNER, freeShippingOverCents: 3000 });
    const res = await place(SHIPPING, { shipping: 0, tax: 191 });
    expect(res.status).toBe(200);
    const { row, order, payment } = await recorded(res.body.orderId);
    expect(row).toMatchObject({ shipping_cents: 0, total_cents: 3239 });
    expect(order.service_charges ?? []).toEqual([]);
    expect(payment.amount_money.amount).toBe(3239);
    await admin.put(SETTINGS).send({ ...OWNER, freeShippingOverCents: 3049 });
    expect((await place(SHIPPING, { shipping: 599, tax: 191 })).status).toBe(200);
  });

  it('refuses a US ZIP code of another state, and a country the shop does not ship to, with a message; no order is made', async () => {
    await admin.put(SETTINGS).send(OWNER);
    const before = await countOrders(t.dataSource);
    const wrongZip = await place({ ...SHIPPING, zipCode: '90210' }, { shipping: 599, tax: 191 });
    expect(wrongZip.status).toBe(400);
    expect(JSON.stringify(wrongZip.body)).toContain('ZIP code 90210 is in California, not Illinois');
    const britain = { ...SHIPPING, phone: '020 7946 0018', address: '10 Downing Street', city: 'London', state: '', zipCode: 'SW1A 2AA', country: 'GB' };
    const abroad = await place(britain, { shipping: 0, tax: 0 });
    expect({ status: abroad.status, code: abroad.body.code }).toEqual({ status: 400, code: 'COUNTRY_NOT_SHIPPED' });
    expect(await countOrders(t.dataSource)).toEqual(before);
    expect(square.calls('/v2/payments')).toHaveLength(0);
  });

  it("taxes a pickup order at the rate of the stop's state, with no shipping", async () => {
    await admin.put(SETTINGS).send(OWNER);
    // the stop is in Springfield, IL: 6.25 % of 25.98 = 1.62375
    const stop = await insertPickupStop(t.dataSource, await t.app.get(ShopTimeZoneService).current());
    const tip = percentOfCents(2598, 15);
    await admin.patch(`/api/products/${f.cocoa.id}`).send({ soldAtCart: true }).expect(200);
    const body = pickupBody(f, { stopId: stop.stopId, slotStart: stop.firstSlot }, { taxAmount: 1.62, amount: fromCents(2598 + 162 + tip) });
    const res = await t.agent().post(COMPLETE).send(body);
    expect(res.status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT shipping_cents, tax_cents, tip_cents, total_cents FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(row).toEqual({ shipping_cents: 0, tax_cents: 162, tip_cents: tip, total_cents: 2598 + 162 + tip });
    expect(square.calls('/v2/orders').at(-1)!.body!.order.taxes[0].percentage).toBe('6.25');
    // Square's order is the price and tax; the payment adds the tip apart
    expect(square.calls('/v2/payments').at(-1)!.body).toMatchObject({ amount_money: { amount: 2598 + 162 }, tip_money: { amount: tip } });
  });

  it("keeps an account's address only as its country's rules allow: an Australian postcode, no Illinois ZIP code of California", async () => {
    const agent = t.agent();
    const email = 'bourke@example.com';
    expect((await agent.post('/api/register').send({ username: 'bourke', email, password: 'bourke-pass-1' })).status).toBe(201);
    const wrong = await agent.patch('/api/me/customer').send({ email, country: 'AU', state: 'VIC', zipCode: '30000' });
    expect({ status: wrong.status, message: JSON.stringify(wrong.body) }).toEqual({
      status: 400,
      message: expect.stringContaining('Enter a postcode like 2000'),
    });
    const zip = await agent.patch('/api/me/customer').send({ email, country: 'US', state: 'IL', zipCode: '90210' });
    expect(zip.status).toBe(400);
    expect(JSON.stringify(zip.body)).toContain('ZIP code 90210 is in California, not Illinois');
    expect((await agent.get('/api/me/customer')).body.address).toMatchObject({ state: null, postalCode: null });
    const right = await agent
      .patch('/api/me/customer')
      .send({ email, address: '111 Bourke Street', city: 'Melbourne', country: 'AU', state: 'VIC', zipCode: '3000' });
    expect(right.status).toBe(200);
    expect((await agent.get('/api/me/customer')).body.address).toMatchObject({ state: 'VIC', postalCode: '3000', country: 'AU' });
  });
});
