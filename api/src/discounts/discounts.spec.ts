import { type AdminDiscount, DAY_MS, dayIn, type DiscountFormInput, MONEY_SETTINGS_DEFAULTS, noonOf, orderNumberOf, priceOrder } from '@cocoa/shared-types';
import type supertest from 'supertest';
import { type CheckoutFixtures, checkoutBody, countOrders, insertCheckoutProducts, newIdempotencyKey, SHIPPING } from '../orders/orders.fixtures';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { TEST_ADMIN, useTestApp } from '../test/test-app';

type Agent = ReturnType<typeof supertest.agent>;

const COMPLETE = '/api/square/checkout/complete';
const CHECK = '/api/checkout/discount';
const ADMIN = '/api/admin/discounts';

/** The fixtures' cart: 2 x $12.99 + 1 x $4.50 = $30.48, shipped to Illinois. */
const CART_LINES = [
  { price: 12.99, quantity: 2 },
  { price: 4.5, quantity: 1 },
];

/** A checkout body whose amounts are the cart's less `discountCents`, as a correct client computes them. */
function discountedBody(f: CheckoutFixtures, code: string, discountCents: number, email: string = SHIPPING.email) {
  const totals = priceOrder({ lines: CART_LINES, place: { country: 'US', region: 'IL' }, settings: MONEY_SETTINGS_DEFAULTS, discountCents });
  return checkoutBody(f, {
    discountCode: code,
    amount: totals.total / 100,
    shippingCost: totals.shipping / 100,
    taxAmount: totals.tax / 100,
    shippingData: { ...SHIPPING, email },
  });
}

describe('discount codes', () => {
  const t = useTestApp();
  let f: CheckoutFixtures;
  let admin: Agent;
  let today: string;
  const dayFrom = (delta: number) => dayIn(new Date(noonOf(today, zone).getTime() + delta * DAY_MS), zone);
  let zone: string;

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    zone = await t.app.get(ShopTimeZoneService).current();
    today = dayIn(new Date(), zone);
  });

  async function createCode(form: Partial<DiscountFormInput> & { code: string }): Promise<AdminDiscount> {
    const res = await admin.post(ADMIN).send({ kind: 'percent', value: 10, ...form });
    expect(res.status).toBe(201);
    return res.body as AdminDiscount;
  }
  const codeRows = () => t.count('discount_codes');
  const complete = (body: object) => t.agent().post(COMPLETE).send(body);
  const check = (code: string, email?: string) =>
    t
      .agent()
      .post(CHECK)
      .send({ code, cartItems: checkoutBody(f).cartItems, ...(email ? { email } : {}) });

  describe('the owner’s codes', () => {
    it('creates a code (upper-cased), lists it with its uses, edits it and switches it off', async () => {
      const created = await createCode({ code: 'spring-10', startsOn: today, endsOn: dayFrom(30), usageLimit: 50 });
      expect(created).toMatchObject({
        code: 'SPRING-10',
        kind: 'percent',
        value: 10,
        startsOn: today,
        endsOn: dayFrom(30),
        usageLimit: 50,
        onePerCustomer: true,
        active: true,
        uses: 0,
      });
      const edited = await admin.put(`${ADMIN}/${created.id}`).send({ code: 'SPRING-10', kind: 'amount', value: 5, usageLimit: null, onePerCustomer: false });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ kind: 'amount', value: 5, usageLimit: null, onePerCustomer: false, startsOn: null, endsOn: null });
      const off = await admin.patch(`${ADMIN}/${created.id}`).send({ active: false });
      expect(off.body.active).toBe(false);
      const list = await admin.get(ADMIN);
      expect(list.status).toBe(200);
      expect(list.body.find((d: AdminDiscount) => d.id === created.id)).toMatchObject({ code: 'SPRING-10', active: false, uses: 0 });
    });

    it.each([
      ['a code too short', { code: 'AB' }, 'Code must be 3 to 32 letters, digits or dashes'],
      ['a code with spaces', { code: 'TEN OFF' }, 'Code must be 3 to 32 letters, digits or dashes'],
      ['a percentage over 100', { code: 'BIG', value: 101 }, 'A percentage must be a whole number from 1 to 100'],
      ['a fractional percentage', { code: 'FRAC', value: 12.5 }, 'A percentage must be a whole number from 1 to 100'],
      ['an amount with three decimals', { code: 'CENTS', kind: 'amount', value: 1.005 }, 'An amount must have at most two decimals'],
      ['a zero value', { code: 'ZERO', value: 0 }, 'Value must be more than 0'],
      ['an end before the start', { code: 'BACKWARDS', startsOn: '2026-05-02', endsOn: '2026-05-01' }, 'End must be on or after Start'],
      ['a date that does not exist', { code: 'FEB', startsOn: '2026-02-30' }, 'Start must be a date (YYYY-MM-DD)'],
      ['a usage limit of 0', { code: 'NONE', usageLimit: 0 }, 'Usage limit must be at least 1'],
      ['an unknown field', { code: 'EXTRA', free: true }, 'Unknown field: free'],
    ])('refuses %s with 400 and stores nothing', async (_what, form, message) => {
      const before = await codeRows();
      const res = await admin.post(ADMIN).send({ kind: 'percent', value: 10, ...form });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(await codeRows()).toBe(before);
    });

    it('refuses a code that exists already, whatever its case, with 409', async () => {
      await createCode({ code: 'TWICE' });
      const res = await admin.post(ADMIN).send({ code: 'twice', kind: 'amount', value: 3 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'DISCOUNT_CODE_TAKEN', message: 'A code TWICE exists already' });
    });

    it('answers 401 to visitors and 403 to customers on every admin route, changing nothing', async () => {
      const target = await createCode({ code: 'GUARDED' });
      const customer = t.agent();
      expect((await customer.post('/api/register').send({ username: 'dora', email: 'dora@example.com', password: 'secret-123' })).status).toBeLessThan(300);
      const calls = [
        (a: Agent) => a.get(ADMIN),
        (a: Agent) => a.post(ADMIN).send({ code: 'SNEAKY', kind: 'percent', value: 100 }),
        (a: Agent) => a.put(`${ADMIN}/${target.id}`).send({ code: 'GUARDED', kind: 'percent', value: 100 }),
        (a: Agent) => a.patch(`${ADMIN}/${target.id}`).send({ active: false }),
        (a: Agent) => a.delete(`${ADMIN}/${target.id}`),
      ];
      for (const call of calls) {
        expect([(await call(t.agent())).status, (await call(customer)).status]).toEqual([401, 403]);
      }
      const list: AdminDiscount[] = (await admin.get(ADMIN)).body;
      expect(list.find((d) => d.id === target.id)).toMatchObject({ code: 'GUARDED', value: 10, active: true });
      expect(list.some((d) => d.code === 'SNEAKY')).toBe(false);
    });

    it('deletes a code never used; refuses to delete a used one (409: switch it off instead)', async () => {
      const unused = await createCode({ code: 'UNUSED' });
      expect((await admin.delete(`${ADMIN}/${unused.id}`)).status).toBe(204);
      const used = await createCode({ code: 'USED-ONCE', kind: 'amount', value: 5 });
      expect((await complete(discountedBody(f, 'USED-ONCE', 500))).status).toBe(200);
      const res = await admin.delete(`${ADMIN}/${used.id}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DISCOUNT_USED');
      expect((await admin.get(ADMIN)).body.find((d: AdminDiscount) => d.id === used.id)).toMatchObject({ uses: 1 });
      expect((await admin.delete(`${ADMIN}/999999`)).status).toBe(404);
    });
  });

  describe('the buyer’s Apply (POST /api/checkout/discount)', () => {
    it('answers what the code takes off this cart, priced by the server', async () => {
      await createCode({ code: 'TENOFF', kind: 'percent', value: 10 });
      const res = await check('tenoff');
      expect(res.status).toBe(200);
      // 10 % of $30.48, rounded half up
      expect(res.body).toEqual({ code: 'TENOFF', kind: 'percent', value: 10, discount: 3.05, label: '10% off' });
    });

    it('takes no more than the subtotal', async () => {
      await createCode({ code: 'HUGE', kind: 'amount', value: 500 });
      expect((await check('HUGE')).body).toMatchObject({ discount: 30.48, label: '$500.00 off' });
    });

    it.each([
      ['an unknown code', 'NO-SUCH-CODE', {}, 400, 'DISCOUNT_UNKNOWN', 'Unknown code'],
      ['a switched-off code', 'SWITCHED-OFF', { active: false }, 400, 'DISCOUNT_UNKNOWN', 'Unknown code'],
      ['a code whose End has passed', 'ENDED', { endsOn: 'yesterday' }, 409, 'DISCOUNT_EXPIRED', 'This code has expired'],
      ['a code whose Start is to come', 'LATER', { startsOn: 'tomorrow' }, 409, 'DISCOUNT_NOT_STARTED', 'This code is not valid yet'],
    ])('refuses %s with its message', async (_what, code, form, status, errorCode, message) => {
      if (code !== 'NO-SUCH-CODE') {
        const dates = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === 'yesterday' ? dayFrom(-1) : v === 'tomorrow' ? dayFrom(1) : v]));
        await createCode({ code, ...dates });
      }
      const res = await check(code);
      expect({ status: res.status, body: res.body }).toEqual({ status, body: { code: errorCode, message } });
    });

    it('counts the code’s End day whole, in the shop’s time zone', async () => {
      await createCode({ code: 'LAST-DAY', startsOn: today, endsOn: today });
      expect((await check('LAST-DAY')).status).toBe(200);
    });

    it('refuses a malformed body with 400', async () => {
      for (const body of [{ code: 'x', cartItems: [] }, { code: 'TENOFF' }, { code: 'TENOFF', cartItems: checkoutBody(f).cartItems, extra: 1 }, []]) {
        expect((await t.agent().post(CHECK).send(body)).status).toBe(400);
      }
    });
  });

  describe('at the checkout', () => {
    it('takes the discount off before tax, never off shipping, and stores it on the order, its page and its e-mail', async () => {
      await createCode({ code: 'SAVE5', kind: 'amount', value: 5 });
      const res = await complete(discountedBody(f, 'save5', 500));
      expect(res.status).toBe(200);
      const [order] = await t.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [res.body.orderId]);
      // $30.48 - $5.00 = $25.48; tax 7 % of $25.48 = $1.78; shipping $5.99 untouched
      expect(order).toMatchObject({
        status: 'COMPLETED',
        subtotal_cents: 3048,
        discount_cents: 500,
        discount_code: 'SAVE5',
        shipping_cents: 599,
        tax_cents: 178,
        total_cents: 3048 - 500 + 599 + 178,
      });
      const admin_ = await admin.get(`/api/admin/orders/${res.body.orderId}`);
      expect(admin_.body.totals).toMatchObject({ discountCents: 500, discountCode: 'SAVE5', taxCents: 178, totalCents: 3325 });
      await t.mailWritten();
      const [mail] = await t.dataSource.query(
        `SELECT body_text FROM mail_outbox WHERE recipient = $1 AND template = 'order-confirmation' AND body_text LIKE $2 ORDER BY id DESC LIMIT 1`,
        [SHIPPING.email, `%${orderNumberOf(res.body.orderId)}%`],
      );
      expect(mail.body_text).toMatch(/Discount \(SAVE5\)\s+-\$5\.00/);
      expect(mail.body_text).toMatch(/Total\s+\$33\.25/);
    });

    it('refunds a line of a discounted order at its price less its share of the discount, plus its share of the tax', async () => {
      await createCode({ code: 'REFUND5', kind: 'amount', value: 5 });
      const paid = await complete(discountedBody(f, 'REFUND5', 500));
      expect(paid.status).toBe(200);
      const detail = await admin.get(`/api/admin/orders/${paid.body.orderId}`);
      const cocoa = detail.body.lines[0];
      const res = await admin
        .post(`/api/admin/orders/${paid.body.orderId}/refunds`)
        .send({ lines: [{ itemId: cocoa.id, quantity: 1 }], reason: 'Dented tin', restock: false });
      expect(res.status).toBe(200);
      // $12.99 less its share of $5.00 ($2.13) plus its share of the $1.78 tax ($0.76)
      expect(res.body.totals.refundedCents).toBe(1299 - 213 + 76);
    });

    it('refuses a total computed without the discount (409) and takes no use', async () => {
      await createCode({ code: 'MISMATCH', kind: 'amount', value: 5 });
      const body = checkoutBody(f, { discountCode: 'MISMATCH' });
      const res = await complete(body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('AMOUNT_MISMATCH');
      expect((await admin.get(ADMIN)).body.find((d: AdminDiscount) => d.code === 'MISMATCH').uses).toBe(0);
    });

    it('allows one use per customer: the same e-mail is refused the second time, another e-mail is not', async () => {
      await createCode({ code: 'ONCE', kind: 'amount', value: 2 });
      expect((await complete(discountedBody(f, 'ONCE', 200, 'one@example.com'))).status).toBe(200);
      const before = await countOrders(t.dataSource);
      const again = await complete(discountedBody(f, 'ONCE', 200, 'ONE@example.com'));
      expect({ status: again.status, body: again.body }).toEqual({
        status: 409,
        body: { code: 'DISCOUNT_ALREADY_USED', message: 'You have already used this code' },
      });
      expect(await countOrders(t.dataSource)).toEqual(before);
      expect((await check('ONCE', 'one@example.com')).body.message).toBe('You have already used this code');
      expect((await complete(discountedBody(f, 'ONCE', 200, 'two@example.com'))).status).toBe(200);
    });

    it('stops at the usage limit with its message', async () => {
      await createCode({ code: 'TWO-ONLY', kind: 'amount', value: 1, usageLimit: 2, onePerCustomer: false });
      for (let i = 0; i < 2; i++) expect((await complete(discountedBody(f, 'TWO-ONLY', 100))).status).toBe(200);
      const res = await complete(discountedBody(f, 'TWO-ONLY', 100));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: { code: 'DISCOUNT_USED_UP', message: 'This code has reached its usage limit' },
      });
      expect((await check('TWO-ONLY')).body.message).toBe('This code has reached its usage limit');
    });

    it('gives the use back when the payment is declined', async () => {
      await createCode({ code: 'DECLINED', kind: 'amount', value: 1, usageLimit: 1 });
      const declined = await complete({ ...discountedBody(f, 'DECLINED', 100), sourceId: 'cnon:card-nonce-declined' });
      expect(declined.status).toBe(402);
      expect((await admin.get(ADMIN)).body.find((d: AdminDiscount) => d.code === 'DECLINED').uses).toBe(0);
      const paid = await complete(discountedBody(f, 'DECLINED', 100));
      expect(paid.status).toBe(200);
    });

    it('answers a retry under the same key with the first order, taking one use only', async () => {
      await createCode({ code: 'RETRY', kind: 'amount', value: 1, usageLimit: 1 });
      const body = { ...discountedBody(f, 'RETRY', 100), idempotencyKey: newIdempotencyKey() };
      const first = await complete(body);
      const second = await complete(body);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.orderId).toBe(first.body.orderId);
      expect((await admin.get(ADMIN)).body.find((d: AdminDiscount) => d.code === 'RETRY').uses).toBe(1);
    });

    it('holds the usage limit when 20 buyers use the code at once', async () => {
      await createCode({ code: 'RUSH', kind: 'amount', value: 1, usageLimit: 5, onePerCustomer: false });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => complete(discountedBody(f, 'RUSH', 100, `rush${i}@example.com`))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(15).fill('DISCOUNT_USED_UP'));
      const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE discount_code = 'RUSH'`);
      expect(Number(row.n)).toBe(5);
    });
  });
});
