import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Square, serialization } from 'square';
import type { SquareChargeInput } from './square-requests';
import {
  buildCreateCustomerRequest,
  buildCreateOrderRequest,
  buildCreatePaymentRequest,
  buildRefundPaymentRequest,
  buildSearchCustomersRequest,
  fitText,
  liveVariationIds,
  SQUARE_REQUEST_LIMITS,
  type SquareRoute,
  squareLimitErrors,
  stringFields,
  variationIdsToCheck,
} from './square-requests';

const NAUGHTY: string[] = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'naughty-strings.json'), 'utf8')).strings;
/** Square's model docs as the installed SDK ships them (generated from Square's OpenAPI description). */
const SDK_DOCS = join(dirname(require.resolve('square')), 'legacy', 'doc', 'models');

const ORDER_ID = '3f2a9c1e-5b7d-8e4f-a6c2-19d0b7e3f5a1';
const KEY = 'key-0123456789abcdef01234567';

function input(overrides: Partial<SquareChargeInput['customer']> = {}, lines?: SquareChargeInput['lines']): SquareChargeInput {
  return {
    sourceId: 'cnon:card-nonce-ok',
    idempotencyKey: KEY,
    referenceId: ORDER_ID,
    customer: {
      email: 'ada@example.com',
      givenName: 'Ada',
      familyName: 'Lovelace',
      phone: '(217) 555-0142',
      address: { addressLine1: '12 Analytical Way', locality: 'Springfield', administrativeDistrictLevel1: 'IL', postalCode: '62701', country: 'US' },
      ...overrides,
    },
    lines: lines ?? [
      { variationId: 'SQ-VAR-DARK', name: 'Classic Dark Hot Cocoa', quantity: 2, unitPriceCents: 1299 },
      { variationId: 'SEED-VAR-ICED-MOCHA', name: 'Iced Mocha', quantity: 1, unitPriceCents: 450 },
    ],
    shippingCents: 599,
    taxCents: 213,
    taxPercent: 7,
    totalCents: 3860,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, read field by field as Square names them
type Wire = Record<string, any>;

/** The JSON the SDK puts on the wire for a request (its own serializer, as its client calls it). */
function wire(schema: { jsonOrThrow(raw: unknown, opts: object): unknown }, request: unknown): Wire {
  const json = schema.jsonOrThrow(request, { unrecognizedObjectKeys: 'fail', omitUndefined: true });
  return JSON.parse(JSON.stringify(json, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
}

/** The four bodies one charge sends, in wire form, by route. */
function bodies(i: SquareChargeInput, catalogue: string[] = ['SQ-VAR-DARK']): [SquareRoute, Wire][] {
  const ctx = { locationId: 'LOC-MAIN', customerId: 'CUST-1', catalogVariationIds: new Set(catalogue) };
  return [
    ['POST /v2/customers/search', wire(serialization.SearchCustomersRequest, buildSearchCustomersRequest(i.customer.email ?? ''))],
    ['POST /v2/customers', wire(serialization.CreateCustomerRequest, buildCreateCustomerRequest(i))],
    ['POST /v2/catalog/batch-retrieve', wire(serialization.BatchGetCatalogObjectsRequest, { objectIds: variationIdsToCheck(i.lines) })],
    ['POST /v2/orders', wire(serialization.CreateOrderRequest, buildCreateOrderRequest(i, ctx))],
    [
      'POST /v2/payments',
      wire(serialization.CreatePaymentRequest, buildCreatePaymentRequest(i, { orderId: 'ORDER-1', customerId: 'CUST-1', locationId: 'LOC-MAIN' })),
    ],
  ];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string field is one we documented, within Square's limit and format, and clean text. */
function expectWithinSquareLimits(i: SquareChargeInput): void {
  for (const [route, body] of bodies(i)) {
    expect({ route, errors: squareLimitErrors(route, body) }).toEqual({ route, errors: [] });
    for (const { field, rule, value } of stringFields(body)) {
      const limit = SQUARE_REQUEST_LIMITS[route][rule];
      expect({ route, field, documented: !!limit }).toEqual({ route, field, documented: true });
      if (limit?.max !== undefined) expect(value.length).toBeLessThanOrEqual(limit.max);
      expect(value).not.toMatch(LONE_SURROGATE);
      expect(value).not.toMatch(/[\p{Cc}]/u);
      expect(value).toBe(value.trim());
      expect(value).not.toBe('');
    }
  }
}

/** The maximum length a model's doc (shipped with the SDK) states for a field, if any. */
function documentedMax(model: string, wireField: string): number | undefined {
  const camel = wireField.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/_/g, '');
  const doc = readFileSync(join(SDK_DOCS, `${model}.md`), 'utf8');
  const row = doc.split('\n').find((line) => line.startsWith(`| \`${camel}\` |`));
  if (!row) throw new Error(`${model}.md has no field ${camel}`);
  const max =
    /\*Maximum Length\*: `(\d+)`/.exec(row) ??
    /maximum length for this value is (\d+) characters/.exec(row) ??
    /limited to a max of (\d+) characters/.exec(row);
  return max ? Number(max[1]) : undefined;
}

describe("Square's documented limits (SQUARE_REQUEST_LIMITS)", () => {
  const rules = Object.entries(SQUARE_REQUEST_LIMITS).flatMap(([route, fields]) => Object.entries(fields).map(([path, rule]) => ({ route, path, rule })));

  it('has a source for every rule, and the maximum its source states, read from the SDK model docs', () => {
    let checked = 0;
    for (const { route, path, rule } of rules) {
      expect(rule.source).toMatch(/^https:\/\/developer\.squareup\.com\/reference\/square\/objects\/\w+ \(square\/square-nodejs-sdk doc\/models\/[\w-]+\.md/);
      const model = /doc\/models\/([\w-]+)\.md/.exec(rule.source)![1];
      if (
        ['country', 'currency'].includes(rule.format ?? '') ||
        model.endsWith('-type') ||
        model.endsWith('-state') ||
        model.endsWith('-scope') ||
        model.endsWith('-phase')
      )
        continue;
      expect({ route, path, max: rule.max }).toEqual({ route, path, max: documentedMax(model, path.split('.').at(-1)!.replace('[]', '')) });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('states the limits the issue is about', () => {
    const orders = SQUARE_REQUEST_LIMITS['POST /v2/orders'];
    expect(orders['order.fulfillments[].shipment_details.recipient.phone_number'].max).toBe(17);
    expect(orders['order.fulfillments[].shipment_details.recipient.display_name'].max).toBe(255);
    expect(orders['order.line_items[].name'].max).toBe(512);
    expect(orders['order.line_items[].quantity'].max).toBe(12);
    expect(orders['order.reference_id'].max).toBe(40);
    expect(orders.idempotency_key.max).toBe(192);
    expect(SQUARE_REQUEST_LIMITS['POST /v2/payments'].idempotency_key.max).toBe(45);
    expect(SQUARE_REQUEST_LIMITS['POST /v2/payments'].note.max).toBe(500);
    expect(SQUARE_REQUEST_LIMITS['POST /v2/customers'].given_name.max).toBe(300);
    expect(SQUARE_REQUEST_LIMITS['POST /v2/customers'].email_address.max).toBe(254);
  });

  it('finds what the old inline bodies broke: a phone with its extension is too long for the recipient', () => {
    const before = { order: { location_id: 'L', fulfillments: [{ shipment_details: { recipient: { phone_number: '+1 (217) 555-0142 ext. 12' } } }] } };
    expect(squareLimitErrors('POST /v2/orders', before)).toEqual([
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'VALUE_TOO_LONG',
        detail: 'Field must not be greater than 17 length',
        field: 'order.fulfillments[0].shipment_details.recipient.phone_number',
      },
    ]);
    expect(squareLimitErrors('POST /v2/customers', { phone_number: 'call me' })[0]).toMatchObject({ code: 'INVALID_PHONE_NUMBER', field: 'phone_number' });
    expect(squareLimitErrors('POST /v2/customers', { address: { country: 'XX' } })[0]).toMatchObject({ code: 'INVALID_ENUM_VALUE', field: 'address.country' });
  });
});

describe('request bodies for Square', () => {
  it('builds the exact bodies of a plain checkout', () => {
    const sent = Object.fromEntries(bodies(input()));
    expect(sent['POST /v2/customers/search']).toEqual({ limit: 1, query: { filter: { email_address: { exact: 'ada@example.com' } } } });
    const address = {
      address_line_1: '12 Analytical Way',
      locality: 'Springfield',
      administrative_district_level_1: 'IL',
      postal_code: '62701',
      country: 'US',
    };
    expect(sent['POST /v2/customers']).toEqual({
      idempotency_key: expect.stringMatching(/^[0-9a-f]{40}$/),
      given_name: 'Ada',
      family_name: 'Lovelace',
      email_address: 'ada@example.com',
      phone_number: '+12175550142',
      address,
    });
    expect(sent['POST /v2/catalog/batch-retrieve']).toEqual({ object_ids: ['SQ-VAR-DARK', 'SEED-VAR-ICED-MOCHA'] });
    expect(sent['POST /v2/orders']).toEqual({
      idempotency_key: expect.stringMatching(/^[0-9a-f]{40}$/),
      order: {
        location_id: 'LOC-MAIN',
        reference_id: ORDER_ID,
        customer_id: 'CUST-1',
        line_items: [
          { catalog_object_id: 'SQ-VAR-DARK', quantity: '2' },
          { name: 'Iced Mocha', quantity: '1', base_price_money: { amount: 450, currency: 'USD' } },
        ],
        service_charges: [
          { uid: 'shipping', name: 'Shipping', amount_money: { amount: 599, currency: 'USD' }, calculation_phase: 'TOTAL_PHASE', taxable: false },
        ],
        taxes: [{ uid: 'sales-tax', name: 'Sales Tax', percentage: '7', type: 'ADDITIVE', scope: 'ORDER' }],
        fulfillments: [
          {
            type: 'SHIPMENT',
            state: 'PROPOSED',
            shipment_details: {
              recipient: { customer_id: 'CUST-1', display_name: 'Ada Lovelace', email_address: 'ada@example.com', phone_number: '+12175550142', address },
            },
          },
        ],
      },
    });
    expect(sent['POST /v2/payments']).toEqual({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: KEY,
      amount_money: { amount: 3860, currency: 'USD' },
      order_id: 'ORDER-1',
      customer_id: 'CUST-1',
      location_id: 'LOC-MAIN',
      reference_id: ORDER_ID,
      buyer_email_address: 'ada@example.com',
      autocomplete: true,
    });
    expectWithinSquareLimits(input());
  });

  it('sends a phone typed with its extension as E.164 (16 characters at most), the extension left out', () => {
    const i = input({ phone: '+1 (217) 555-0142 ext. 12' });
    const sent = Object.fromEntries(bodies(i));
    expect(sent['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient.phone_number).toBe('+12175550142');
    expect(sent['POST /v2/customers'].phone_number).toBe('+12175550142');
    // the form's own output ("+12175550142 ext. 12") reads the same
    expect(Object.fromEntries(bodies(input({ phone: '+12175550142 ext. 12' })))['POST /v2/customers'].phone_number).toBe('+12175550142');
    expectWithinSquareLimits(i);
  });

  it("reads a national number in the shipping country, and leaves out of the customer a number Square's 9-16 digits refuse", () => {
    const uk = Object.fromEntries(
      bodies(
        input({
          phone: '020 7946 0018',
          address: { addressLine1: '1 Drama St', locality: 'London', administrativeDistrictLevel1: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
        }),
      ),
    );
    expect(uk['POST /v2/customers'].phone_number).toBe('+442079460018');
    // Niue: 7 digits with its country code, a real number but too short for a Square customer
    const niue = input({ phone: '+683 4002' });
    const sent = Object.fromEntries(bodies(niue));
    expect(sent['POST /v2/customers']).not.toHaveProperty('phone_number');
    expect(sent['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient.phone_number).toBe('+6834002');
    expectWithinSquareLimits(niue);
    // not a number at all (the shipping schema refuses it first): left out rather than sent wrong
    const junk = Object.fromEntries(bodies(input({ phone: 'ring the bell twice' })));
    expect(junk['POST /v2/customers']).not.toHaveProperty('phone_number');
    expect(junk['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient).not.toHaveProperty('phone_number');
  });

  it('fits long names: 300 for the customer, 255 for the recipient, 512 for a line, cut between characters', () => {
    const long = `Hubert Blaine ${'Wolfeschlegelsteinhausenbergerdorff '.repeat(8)}👩🏽‍🍳 Sr.`; // 120 characters and more
    expect(long.length).toBeGreaterThan(300);
    const i = input({ givenName: long, familyName: long }, [
      { variationId: null, name: `${'Krung Thep Mahanakhon '.repeat(30)}🇺🇸`, quantity: 999, unitPriceCents: 1299 },
    ]);
    const sent = Object.fromEntries(bodies(i));
    const given: string = sent['POST /v2/customers'].given_name;
    const display: string = sent['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient.display_name;
    const line = sent['POST /v2/orders'].order.line_items[0];
    expect(given.length).toBeLessThanOrEqual(300);
    expect(display.length).toBeLessThanOrEqual(255);
    expect(line.name.length).toBeLessThanOrEqual(512);
    expect(line.quantity).toBe('999');
    expect(long.startsWith(given)).toBe(true);
    expect(display.startsWith('Hubert Blaine Wolfeschlegelsteinhausenbergerdorff')).toBe(true);
    expectWithinSquareLimits(i);
  });

  it('never cuts inside an emoji, a flag or an accent', () => {
    expect(fitText('ab👩🏽‍🍳', 3)).toBe('ab');
    expect(fitText('🇺🇸🇨🇦', 5)).toBe('🇺🇸');
    expect(fitText('Zoe\u0308 Zoë', 4)).toBe('Zoë'); // NFC: the combining diaeresis joins its letter
    expect(fitText('  Ada\n\tLovelace\u2028 \u0000 ', 100)).toBe('Ada Lovelace');
  });

  it.each(NAUGHTY.map((s) => [s]))('keeps %j within every limit as a name, an address and a product', (s) => {
    const text = `${s} ${s}`;
    const i = input(
      { givenName: text, familyName: s, address: { addressLine1: text, locality: s, administrativeDistrictLevel1: s, postalCode: '62701', country: 'US' } },
      [{ variationId: null, name: text.repeat(10), quantity: 1, unitPriceCents: 1 }],
    );
    expectWithinSquareLimits(i);
  });

  it('writes Canadian postal codes as Canada Post does, keeps a 10-character ZIP+4', () => {
    const ca = (postalCode: string) =>
      Object.fromEntries(
        bodies(
          input({
            phone: '(416) 555-0142',
            address: { addressLine1: '2701 Riverside Drive', locality: 'Ottawa', administrativeDistrictLevel1: 'ON', postalCode, country: 'CA' },
          }),
        ),
      );
    for (const typed of ['k1a0b1', ' K1A-0B1 ', 'K1A  0B1']) expect(ca(typed)['POST /v2/customers'].address.postal_code).toBe('K1A 0B1');
    expect(ca('k1a0b1')['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient.address).toEqual({
      address_line_1: '2701 Riverside Drive',
      locality: 'Ottawa',
      administrative_district_level_1: 'ON',
      postal_code: 'K1A 0B1',
      country: 'CA',
    });
    const zip4 = Object.fromEntries(
      bodies(
        input({ address: { addressLine1: '1 Main St', locality: 'Springfield', administrativeDistrictLevel1: 'IL', postalCode: '62701-1234', country: 'US' } }),
      ),
    );
    expect(zip4['POST /v2/customers'].address.postal_code).toBe('62701-1234');
  });

  it('leaves out an e-mail too long for the field rather than cutting it', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`; // 255 characters: over the customer's 254
    const sent = Object.fromEntries(bodies(input({ email })));
    expect(sent['POST /v2/customers']).not.toHaveProperty('email_address');
    expect(sent['POST /v2/orders'].order.fulfillments[0].shipment_details.recipient.email_address).toBe(email);
    expect(sent['POST /v2/payments'].buyer_email_address).toBe(email);
  });
});

describe('which lines go by catalogue id', () => {
  it('asks Square about each variation id once, skipping empty ones and ids longer than a catalogue id', () => {
    const lines = [
      { variationId: 'A', name: 'a', quantity: 1, unitPriceCents: 1 },
      { variationId: 'A', name: 'a again', quantity: 1, unitPriceCents: 1 },
      { variationId: null, name: 'b', quantity: 1, unitPriceCents: 1 },
      { variationId: 'X'.repeat(193), name: 'c', quantity: 1, unitPriceCents: 1 },
    ];
    expect(variationIdsToCheck(lines)).toEqual(['A']);
  });

  it("counts only Square's live item variations", () => {
    const objects = [
      { type: 'ITEM_VARIATION', id: 'LIVE' },
      { type: 'ITEM_VARIATION', id: 'GONE', isDeleted: true },
      { type: 'ITEM', id: 'AN-ITEM' },
    ] as Square.CatalogObject[];
    expect([...liveVariationIds(objects)]).toEqual(['LIVE']);
    expect(liveVariationIds(undefined).size).toBe(0);
  });

  it('sends a line Square does not have (a demo SEED-VAR id, a typed id, none) ad hoc with our name and price', () => {
    const lines = [
      { variationId: 'SQ-VAR-DARK', name: 'Classic Dark', quantity: 1, unitPriceCents: 1299 },
      { variationId: 'SEED-VAR-CLASSIC-DARK', name: 'Demo Dark', quantity: 2, unitPriceCents: 1099 },
      { variationId: 'typed in the admin', name: 'Typed', quantity: 1, unitPriceCents: 500 },
      { variationId: null, name: 'No id', quantity: 3, unitPriceCents: 250 },
    ];
    const order = Object.fromEntries(bodies(input({}, lines), ['SQ-VAR-DARK']))['POST /v2/orders'].order;
    expect(order.line_items).toEqual([
      { catalog_object_id: 'SQ-VAR-DARK', quantity: '1' },
      { name: 'Demo Dark', quantity: '2', base_price_money: { amount: 1099, currency: 'USD' } },
      { name: 'Typed', quantity: '1', base_price_money: { amount: 500, currency: 'USD' } },
      { name: 'No id', quantity: '3', base_price_money: { amount: 250, currency: 'USD' } },
    ]);
  });
});

describe('the refund body (RefundPayment)', () => {
  const refund = (reason: string | null) =>
    wire(
      serialization.RefundPaymentRequest,
      buildRefundPaymentRequest({ idempotencyKey: '3f2a9c1e-5b7d-4e4f-a6c2-19d0b7e3f5a1', paymentId: 'PAY-1', amountCents: 1390, reason }),
    );

  it('sends the key, the amount in cents, the payment and the reason', () => {
    expect(refund('Damaged tin')).toEqual({
      idempotency_key: '3f2a9c1e-5b7d-4e4f-a6c2-19d0b7e3f5a1',
      amount_money: { amount: 1390, currency: 'USD' },
      payment_id: 'PAY-1',
      reason: 'Damaged tin',
    });
    expect(refund(null)).not.toHaveProperty('reason');
    expect(squareLimitErrors('POST /v2/refunds', refund('x'.repeat(500)))).toEqual([]);
  });

  it.each(NAUGHTY.map((s) => [s]))('keeps the reason %j within Square’s 192 characters, one clean line', (s) => {
    const body = refund(s);
    expect(squareLimitErrors('POST /v2/refunds', body)).toEqual([]);
    if (body.reason !== undefined) {
      expect(body.reason.length).toBeLessThanOrEqual(192);
      expect(body.reason).not.toMatch(LONE_SURROGATE);
      expect(body.reason).not.toMatch(/[\p{Cc}]/u);
    }
  });
});
