import { cartTotals, checkoutTotals, formatCents, formatPrice, fromCents, shippingCents, taxCents, toCents } from './money';

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

  it('charges flat 5.99 shipping only when there is something to ship', () => {
    expect(shippingCents(0)).toBe(0);
    expect(shippingCents(1)).toBe(599);
    expect(shippingCents(100000)).toBe(599);
  });

  it('computes 7 % tax rounded to the cent', () => {
    expect(taxCents(1000)).toBe(70);
    expect(taxCents(1299)).toBe(91); // 90.93
    expect(taxCents(1350)).toBe(95); // 94.5 rounds up
  });

  it('totals a cart as subtotal + shipping, and a checkout with tax on the subtotal', () => {
    const lines = [
      { price: 12.99, quantity: 2 },
      { price: 8.5, quantity: 1 },
    ];
    expect(cartTotals(lines)).toEqual({ subtotal: 3448, shipping: 599, total: 4047 });
    expect(checkoutTotals(lines)).toEqual({ subtotal: 3448, shipping: 599, tax: 241, total: 4288 });
    expect(checkoutTotals([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });
});
