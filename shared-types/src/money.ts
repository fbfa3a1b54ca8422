/**
 * Money rules (SPEC §9). Amounts are integer cents everywhere except at the display edge,
 * so rounding happens once, here.
 */
export const SHIPPING_FLAT_CENTS = 599;
export const TAX_RATE = 0.07;
export const CURRENCY = 'USD';

/** Dollars (as typed or stored as a decimal) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to a dollar number with two decimals (for JSON answers shaped like the spec). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** '$12.99'; a value that is not a number shows 'Price unavailable' (SPEC §5). */
export function formatPrice(dollars: unknown): string {
  const value = typeof dollars === 'string' && dollars.trim() !== '' ? Number(dollars) : dollars;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Price unavailable';
  return usd.format(value);
}

export function formatCents(cents: number): string {
  return formatPrice(fromCents(cents));
}

export interface PricedLine {
  /** unit price in dollars, as the catalogue answers it */
  price: number;
  quantity: number;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

/** Flat 5.99 when there is anything to ship, else nothing. */
export function shippingCents(subtotal: number): number {
  return subtotal > 0 ? SHIPPING_FLAT_CENTS : 0;
}

/** `percent` % (a whole number, 0-100) of an amount in cents, rounded to the nearest cent (half up). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** 7 % of the subtotal, rounded to the nearest cent. */
export function taxCents(subtotal: number): number {
  return Math.round(subtotal * TAX_RATE);
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  total: number;
}

/** Cart page and drawer: subtotal + flat shipping, no tax (SPEC §9). In cents. */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal);
  return { subtotal, shipping, total: subtotal + shipping };
}

export interface CheckoutTotals extends CartTotals {
  tax: number;
}

/** Checkout: subtotal + shipping + 7 % tax of the subtotal. In cents. */
export function checkoutTotals(lines: readonly PricedLine[]): CheckoutTotals {
  const { subtotal, shipping } = cartTotals(lines);
  const tax = taxCents(subtotal);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}
