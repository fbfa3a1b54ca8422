/**
 * Money rules. Amounts are integer cents everywhere except at the display edge,
 * so rounding happens once, here.
 */
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

/** `percent` % (a whole number, 0-100) of an amount in cents, rounded to the nearest cent (half up). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** A country (ISO 3166-1 alpha-2) and, where it has them, a region (its ISO 3166-2 code without the country: 'IL', 'ON'). */
export interface Place {
  country: string;
  region?: string | null;
}

/** A rate for a country (region null) or, overriding it, for one of its regions. */
interface PlaceRate {
  country: string;
  region: string | null;
}

/**
 * The owner's shipping and tax rules (Admin → Settings → Shipping; docs/admin.md). Amounts in
 * cents, tax in percent (up to three decimals). Checked by moneySettingsSchema.
 */
export interface MoneySettings {
  /** The countries the shop ships to, as the checkout offers them. */
  shipTo: string[];
  shippingRates: Array<PlaceRate & { cents: number }>;
  /** An order whose subtotal reaches this ships free; null: never. */
  freeShippingOverCents: number | null;
  taxRates: Array<PlaceRate & { percent: number }>;
}

/**
 * Until the owner sets them: the United States only, 5.99 shipping, 7 % tax in every state and
 * none elsewhere (docs/decisions.md, "Shipping and tax rates").
 */
export const MONEY_SETTINGS_DEFAULTS: MoneySettings = {
  shipTo: ['US'],
  shippingRates: [{ country: 'US', region: null, cents: 599 }],
  freeShippingOverCents: null,
  taxRates: [{ country: 'US', region: null, percent: 7 }],
};

/** The rate for the place: its region's, else its country's; undefined when neither is set. */
function rateFor<R extends PlaceRate>(rates: readonly R[], place: Place): R | undefined {
  return (
    (place.region ? rates.find((r) => r.country === place.country && r.region === place.region) : undefined) ??
    rates.find((r) => r.country === place.country && r.region === null)
  );
}

/** The tax rate in percent at a place: its region's, else its country's, else 0. */
export function taxPercentAt(settings: MoneySettings, place: Place): number {
  return rateFor(settings.taxRates, place)?.percent ?? 0;
}

/** Whether the shop ships to the country. */
export function shipsTo(settings: MoneySettings, country: string): boolean {
  return settings.shipTo.includes(country);
}

/** A discount as taken: never below zero, never more than the subtotal. */
function discountTaken(subtotal: number, discountCents: number): number {
  return Math.max(0, Math.min(Math.round(discountCents), subtotal));
}

export interface PriceOrderOptions {
  lines: readonly PricedLine[];
  /** A parcel's address, or a pickup order's stop (its country and state). */
  place: Place;
  /** A pickup order: nothing is shipped. */
  pickup?: boolean;
  settings: MoneySettings;
  /** The customer's tip (pickup orders): paid with the order, apart from its price. */
  tipCents?: number;
  /** What a discount code takes off the subtotal (never more than the subtotal). */
  discountCents?: number;
}

export interface OrderTotals {
  subtotal: number;
  /** What a discount code took off the subtotal; present only when it took something. */
  discount?: number;
  shipping: number;
  tax: number;
  tip: number;
  /** What the card is charged: subtotal - discount + shipping + tax + tip. */
  total: number;
  /** The tax rate applied, in percent (sent to Square as the order's tax). */
  taxPercent: number;
}

/**
 * The one price of an order, in cents: the cart and checkout pages, the server's order, its
 * e-mail and the request to Square all come from it (docs/decisions.md, "Shipping and tax rates").
 * Shipping is the place's flat rate: none for pickup or an empty cart, none once the subtotal
 * (before any discount) reaches the owner's free-shipping amount, never discounted. Tax is the
 * place's rate of the subtotal less the discount (shipping is not taxed), rounded to the nearest
 * cent, half up.
 */
export function priceOrder(options: PriceOrderOptions): OrderTotals {
  const { settings, place } = options;
  const subtotal = subtotalCents(options.lines);
  const discount = discountTaken(subtotal, options.discountCents ?? 0);
  const free = settings.freeShippingOverCents !== null && subtotal >= settings.freeShippingOverCents;
  const shipping = options.pickup || subtotal === 0 || free ? 0 : (rateFor(settings.shippingRates, place)?.cents ?? 0);
  const taxPercent = taxPercentAt(settings, place);
  // in thousandths of a percent, so the product is an exact integer and a half cent rounds up exactly
  const tax = Math.round(((subtotal - discount) * Math.round(taxPercent * 1000)) / 100_000);
  const tip = options.tipCents ?? 0;
  return { subtotal, ...(discount > 0 ? { discount } : {}), shipping, tax, tip, total: subtotal - discount + shipping + tax + tip, taxPercent };
}
