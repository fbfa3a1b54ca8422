import { formatCents, formatPrice, fromCents, MONEY_SETTINGS_DEFAULTS, type MoneySettings, priceOrder, toCents } from './money';

describe('money rules', () => {
  it('converts dollars to cents without float drift', () => {
    expect(toCents(12.99)).toBe(1299);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1299)).toBe(12.99);
  });

  it('formats prices in USD en-US with two decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice('7')).toBe('$7.00');
    expect(formatCents(599)).toBe('$5.99');
  });

  it('writes every amount as Intl.NumberFormat en-US USD does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [
      0, 0.004, 0.005, 0.015, 1.005, 2.675, 9.995, 12.345, 999.995, 1000, 123456.785, 9_999_999.99, 9_999_999_999_999.99, 1e-7, -0, -0.001, -0.005, -12.5,
      -1234.567,
    ];
    // and a spread of cents-derived and arbitrary values
    for (let i = 0; i < 2000; i++) amounts.push(fromCents(i * 7919 - 500_000), (i * 104_729.123) / 997 - 3000);
    for (const amount of amounts) expect({ amount, ours: formatPrice(amount) }).toEqual({ amount, ours: intl.format(amount) });
  });

  it("shows 'Price unavailable' for a price that is not a number", () => {
    for (const bad of [undefined, null, NaN, 'abc', '', {}, Infinity]) expect(formatPrice(bad)).toBe('Price unavailable');
  });

  const lines = [
    { price: 12.99, quantity: 2 },
    { price: 8.5, quantity: 1 },
  ];
  const us = { country: 'US', region: 'IL' };

  it('prices an order at the default rates as before: 5.99 shipping and 7 % tax of the subtotal, rounded half up', () => {
    expect(priceOrder({ lines, place: us, settings: MONEY_SETTINGS_DEFAULTS })).toEqual({
      subtotal: 3448,
      shipping: 599,
      tax: 241, // 241.36
      tip: 0,
      total: 4288,
      taxPercent: 7,
    });
    expect(priceOrder({ lines: [{ price: 13.5, quantity: 1 }], place: us, settings: MONEY_SETTINGS_DEFAULTS }).tax).toBe(95); // 94.5 rounds up
    // 9.45 % of 30.00 is 283.5 cents exactly, though 30 × 9.45 / 100 in floating point is 283.49999…: it rounds up too
    const at945: MoneySettings = { ...MONEY_SETTINGS_DEFAULTS, taxRates: [{ country: 'US', region: null, percent: 9.45 }] };
    expect(priceOrder({ lines: [{ price: 30, quantity: 1 }], place: us, settings: at945 }).tax).toBe(284);
    expect(priceOrder({ lines: [], place: us, settings: MONEY_SETTINGS_DEFAULTS })).toMatchObject({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });

  it('takes no shipping for pickup, and adds the tip to what is charged', () => {
    const pickup = [
      { price: 4.5, quantity: 1 },
      { price: 5.25, quantity: 1 },
    ];
    expect(priceOrder({ lines: pickup, place: us, pickup: true, settings: MONEY_SETTINGS_DEFAULTS, tipCents: 146 })).toEqual({
      subtotal: 975,
      shipping: 0,
      tax: 68,
      tip: 146,
      total: 1189,
      taxPercent: 7,
    });
  });

  const owner: MoneySettings = {
    shipTo: ['US', 'CA', 'GB'],
    shippingRates: [
      { country: 'US', region: null, cents: 599 },
      { country: 'US', region: 'HI', cents: 1499 },
      { country: 'CA', region: null, cents: 1200 },
      { country: 'GB', region: null, cents: 1800 },
    ],
    freeShippingOverCents: 5000,
    taxRates: [
      { country: 'US', region: null, percent: 5 },
      { country: 'US', region: 'IL', percent: 6.25 },
      { country: 'CA', region: 'ON', percent: 13 },
    ],
  };

  it("uses the owner's rates: a region's over its country's, and no tax where none is set", () => {
    expect(priceOrder({ lines, place: us, settings: owner })).toMatchObject({ shipping: 599, tax: 216, taxPercent: 6.25, total: 3448 + 599 + 216 }); // 215.5
    expect(priceOrder({ lines, place: { country: 'US', region: 'TX' }, settings: owner })).toMatchObject({ tax: 172, taxPercent: 5 }); // 172.4
    expect(priceOrder({ lines, place: { country: 'US', region: 'HI' }, settings: owner })).toMatchObject({ shipping: 1499, tax: 172 });
    expect(priceOrder({ lines, place: { country: 'CA', region: 'ON' }, settings: owner })).toMatchObject({ shipping: 1200, tax: 448, taxPercent: 13 });
    expect(priceOrder({ lines, place: { country: 'CA', region: 'BC' }, settings: owner })).toMatchObject({ shipping: 1200, tax: 0, taxPercent: 0 });
    expect(priceOrder({ lines, place: { country: 'GB' }, settings: owner })).toMatchObject({ shipping: 1800, tax: 0 });
  });

  it("ships free once the subtotal reaches the owner's amount", () => {
    expect(priceOrder({ lines: [{ price: 49.99, quantity: 1 }], place: us, settings: owner }).shipping).toBe(599);
    expect(priceOrder({ lines: [{ price: 50, quantity: 1 }], place: us, settings: owner }).shipping).toBe(0);
    expect(priceOrder({ lines: [{ price: 25, quantity: 3 }], place: { country: 'GB' }, settings: owner }).shipping).toBe(0);
  });

  it('takes a discount off the subtotal before tax, never more than the subtotal, and never off shipping', () => {
    expect(priceOrder({ lines, place: { country: 'US', region: 'TX' }, settings: owner, discountCents: 448 })).toMatchObject({
      subtotal: 3448,
      discount: 448,
      shipping: 599,
      tax: 150,
      total: 3000 + 599 + 150,
    });
    expect(priceOrder({ lines, place: us, settings: MONEY_SETTINGS_DEFAULTS, discountCents: 99999 })).toMatchObject({ discount: 3448, tax: 0, total: 599 });
  });
});
