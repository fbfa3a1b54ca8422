import type { StatusTone } from './status-tone';

/**
 * Order fulfilment, written once (anything moving through states has its states and
 * allowed moves in one place). It runs beside the provider-shaped order state (OPEN,
 * COMPLETED, CANCELED), which it never changes:
 *
 * - paid: the payment completed; the order waits to be packed (set when the order becomes COMPLETED);
 * - packed: boxed, waiting for the carrier;
 * - shipped: handed to a carrier, with its tracking number;
 * - delivered: the carrier (or the customer) says it arrived;
 * - cancelled: cancelled before it shipped; whatever was left to refund is refunded.
 *
 * An order still PENDING or OPEN (payment not completed) has no fulfilment state (null).
 * Decision: paid may go straight to shipped, since a small shop often packs and ships in one go;
 * nothing moves backwards, and cancelling is possible only until the parcel leaves.
 */
export const FULFILMENT_STATUSES = ['paid', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const FULFILMENT_MOVES: Readonly<Record<FulfilmentStatus, readonly FulfilmentStatus[]>> = {
  paid: ['packed', 'shipped', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMoveFulfilment(from: FulfilmentStatus | null | undefined, to: FulfilmentStatus): boolean {
  return !!from && FULFILMENT_MOVES[from].includes(to);
}

/** The moves the owner makes with the fulfilment call; cancelling has its own call (it refunds). */
export const FULFILMENT_TARGETS = ['packed', 'shipped', 'delivered'] as const;
export type FulfilmentTarget = (typeof FULFILMENT_TARGETS)[number];

/** Labels as the customer and the owner read them. */
export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  paid: 'Preparing your order',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The owner's words for the same states (the Orders tab): "paid" is the work still to do. */
export const FULFILMENT_ADMIN_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  paid: 'Paid, to pack',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Shipped is under way, delivered went well, cancelled stopped; before shipping it shows plain. */
export const FULFILMENT_TONES: Readonly<Partial<Record<FulfilmentStatus, StatusTone>>> = { shipped: 'moving', delivered: 'done', cancelled: 'stopped' };

/** The Orders tab colours as the customer sees it, except that "paid, to pack" stands out as work to do. */
export const FULFILMENT_ADMIN_TONES: Readonly<Partial<Record<FulfilmentStatus, StatusTone>>> = { ...FULFILMENT_TONES, paid: 'waiting' };

/** The button that makes each move in the Orders tab. */
export const FULFILMENT_ACTION_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  paid: 'Mark paid',
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export function fulfilmentLabel(status: FulfilmentStatus | null | undefined): string {
  return status ? FULFILMENT_LABELS[status] : 'Awaiting payment';
}

/** Still in the shop: the owner can cancel it (and "waiting to ship" is these). */
export function isBeforeShipping(status: FulfilmentStatus | null | undefined): boolean {
  return status === 'paid' || status === 'packed';
}

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/**
 * Each common carrier's public tracking page for one number (checked against the carriers' own
 * sites; the number is URL-encoded). 'Other' has no known page: the owner may give one.
 */
const TRACKING_PAGES: Readonly<Record<Exclude<Carrier, 'Other'>, (number: string) => string>> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?loc=en_US&tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

/** A tracking number as carriers print it, compacted: spaces and dashes dropped, upper case. */
export function normaliseTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Only http(s) links are ever shown to a customer (never javascript: or data:). */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * The tracking link for a shipment: the carrier's page for the number, or for 'Other' the
 * link the owner gave (http(s) only), else none.
 */
export function trackingUrlFor(carrier: string | null | undefined, trackingNumber: string | null | undefined, otherUrl?: string | null): string | null {
  if (!carrier) return null;
  if (carrier === 'Other') return otherUrl && isHttpUrl(otherUrl) ? otherUrl : null;
  const page = (TRACKING_PAGES as Partial<Record<string, (number: string) => string>>)[carrier];
  const number = trackingNumber ? normaliseTrackingNumber(trackingNumber) : '';
  return page && number ? page(encodeURIComponent(number)) : null;
}

/**
 * What refunding some lines costs the shop: their prices less their share of a discount code's
 * amount, plus their share of the tax the order was charged (each in proportion to the order's
 * subtotal, rounded to the cent; shipping is refunded only by amount). Integer cents.
 */
export function linesRefundCents(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  charged: { subtotalCents: number; taxCents: number; discountCents?: number },
): number {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const share = (cents: number) => (charged.subtotalCents > 0 ? Math.round((subtotal * cents) / charged.subtotalCents) : 0);
  return subtotal - share(charged.discountCents ?? 0) + share(charged.taxCents);
}

/** What can still be refunded: the total less what is refunded or on its way. Never negative. */
export function refundableCents(totalCents: number, refundedCents: number, pendingCents = 0): number {
  return Math.max(0, totalCents - refundedCents - pendingCents);
}
