/**
 * Money rules. Amounts are integer cents everywhere except at the display edge,
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

/**
 * '$1,234.50', as Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) writes it
 * (money.spec.ts compares the two). Written out because the first Intl formatter a page makes
 * loads the browser's locale data, ~20 ms of a phone's main thread at start-up, and prices are on
 * the first screen of most pages. Like Intl it rounds the shortest decimal that reads back as the
 * number ('0.015', not the binary 0.01499…) half away from zero, and signs a negative zero. Exact
 * for amounts below $10 trillion.
 */
function usd(value: number): string {
  const abs = Math.abs(value);
  const digits = String(abs);
  // '0.015e2' is 1.5 exactly; tiny or huge numbers print with an exponent and are shifted as numbers
  const cents = Math.round(digits.includes('e') ? abs * 100 : Number(`${digits}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** '$12.99'; a value that is not a number shows 'Price unavailable'. */
export function formatPrice(dollars: unknown): string {
  const value = typeof dollars === 'string' && dollars.trim() !== '' ? Number(dollars) : dollars;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Price unavailable';
  return usd(value);
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

/** Cart page and drawer: subtotal + flat shipping, no tax. In cents. */
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

export interface PickupTotals extends CheckoutTotals {
  /** The customer's tip: paid with the order, apart from its price (Square's tip_money). */
  tip: number;
}

/**
 * A pickup order: the subtotal, no shipping, tax as for shipping orders, and the tip; the total is
 * what the card is charged. In cents.
 */
export function pickupTotals(lines: readonly PricedLine[], tipCents: number): PickupTotals {
  const subtotal = subtotalCents(lines);
  const tax = taxCents(subtotal);
  return { subtotal, shipping: 0, tax, tip: tipCents, total: subtotal + tax + tipCents };
}
