import { createHash } from 'node:crypto';
import { CURRENCY, parsePhone } from '@cocoa/shared-types';
import type { Square } from 'square';
import { squareSdk } from './square-sdk';

/** What a checkout asks Square to charge: the input of the builders below. */
export interface SquareChargeLine {
  variationId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface SquareChargeInput {
  sourceId: string;
  verificationToken?: string | null;
  /** The client's key: used as is for the payment, derived for the customer and the order. */
  idempotencyKey: string;
  /** Our order id, kept on the Square order and payment as their reference. */
  referenceId: string;
  /** The buyer; a pickup order has no address, and may have a phone but no e-mail. */
  customer: { email: string | null; givenName: string; familyName: string; phone: string | null; address: Square.Address | null };
  lines: SquareChargeLine[];
  shippingCents: number;
  /** A discount code's amount off the subtotal (before tax): an order-level discount at Square. */
  discount?: { code: string; cents: number };
  taxCents: number;
  /**
   * The rate `taxCents` was worked out with (priceOrder), in percent: sent as the order's tax, so
   * Square's order total is ours to the cent (docs/decisions.md, "Shipping and tax rates").
   */
  taxPercent?: number;
  /** What the card is charged, the tip included. */
  totalCents: number;
  /** The buyer's tip: the payment's tip_money, apart from the order's total. */
  tipCents?: number;
  /** A pickup order: collected at a stop at this time (a PICKUP fulfilment instead of a SHIPMENT). */
  pickup?: { at: Date; note: string };
}

/** The order's own total at Square: what the card pays without the tip. */
export function orderTotalCents(input: SquareChargeInput): number {
  return input.totalCents - (input.tipCents ?? 0);
}

/**
 * The request bodies the checkout sends to Square, built from our checkout input so that every
 * field obeys what Square documents for it (SQUARE_REQUEST_LIMITS below, each rule with its source).
 * Pure functions: the gateway sends what they return, the tests check them field by field, and the
 * local double of Square refuses a body that breaks the same table with Square's 400 error shape.
 *
 * Decisions:
 * - Text (names, address lines, city) is made one clean line: Unicode NFC, control characters and
 *   line breaks become spaces, runs of spaces one, trimmed; a text over its limit is cut at a
 *   character boundary (never inside an emoji or an accent). Lengths are counted in UTF-16 code
 *   units, which is never fewer than Square's count of characters, so a cut text always fits.
 * - Identifiers and addresses are never cut: an e-mail or phone that cannot fit is left out of the
 *   optional field rather than sent wrong (the shipping schema makes that case unreachable).
 * - Phones go to Square in E.164 (+12175550142): the recipient's phone allows 17 characters, the
 *   customer's 9-16 digits. The extension the buyer typed stays in our order only.
 * - A cart line goes by `catalog_object_id` only when Square's catalogue has that variation right
 *   now (the gateway asks Square with BatchRetrieveCatalogObjects); any other product (the demo
 *   catalogue's SEED-VAR-* ids, ids typed in the admin, variations deleted in Square or belonging to
 *   another Square account) goes as an ad-hoc line with its name and our price, so it stays sellable.
 */

/** Documented in Square's API reference: the SDK's model docs, generated from Square's OpenAPI description. */
const DOC = (model: string) =>
  `https://developer.squareup.com/reference/square/objects/${model} (square/square-nodejs-sdk doc/models/${kebab(model)}.md, also node_modules/square/legacy/doc/models/)`;

export type SquareRoute =
  | 'POST /v2/customers/search'
  | 'POST /v2/customers'
  | 'POST /v2/catalog/batch-retrieve'
  | 'POST /v2/orders'
  | 'PUT /v2/orders/{order_id}'
  | 'POST /v2/payments'
  | 'POST /v2/refunds';

export type SquareFormat =
  'phone-9-16-digits' | 'email' | 'country' | 'currency' | 'decimal' | 'rfc3339' | 'fulfillment-state' | 'discount-type' | 'discount-scope';

export interface SquareFieldRule {
  /** Square's documented maximum length; absent where Square documents none. */
  max?: number;
  /** Square's documented minimum length. */
  min?: number;
  /** A documented format (see FORMATS). */
  format?: SquareFormat;
  source: string;
}

const ADDRESS = (prefix: string): Record<string, SquareFieldRule> => ({
  ...Object.fromEntries(
    ['address_line_1', 'address_line_2', 'address_line_3', 'locality', 'administrative_district_level_1', 'postal_code', 'first_name', 'last_name'].map(
      (f): [string, SquareFieldRule] => [`${prefix}.${f}`, { source: `${DOC('Address')}: no length documented` }],
    ),
  ),
  [`${prefix}.country`]: { format: 'country', source: `${DOC('Address')} → ${DOC('Country')}: ISO 3166-1 alpha-2 enum` },
});
const RECIPIENT = (prefix: string): Record<string, SquareFieldRule> => ({
  [`${prefix}.customer_id`]: { max: 191, source: `${DOC('FulfillmentRecipient')}: maximum length 191` },
  [`${prefix}.display_name`]: { max: 255, source: `${DOC('FulfillmentRecipient')}: maximum length 255` },
  [`${prefix}.email_address`]: { max: 255, format: 'email', source: `${DOC('FulfillmentRecipient')}: maximum length 255` },
  [`${prefix}.phone_number`]: { max: 17, source: `${DOC('FulfillmentRecipient')}: maximum length 17` },
});
const MONEY = (prefix: string): Record<string, SquareFieldRule> => ({
  [`${prefix}.currency`]: { format: 'currency', source: `${DOC('Money')} → ${DOC('Currency')}: ISO 4217 enum` },
});

/**
 * Every string field the shop sends to Square, by request and wire path (`[]` stands for any
 * array index), with Square's documented limits. A field missing here is a field we do not send.
 */
export const SQUARE_REQUEST_LIMITS: Record<SquareRoute, Record<string, SquareFieldRule>> = {
  'POST /v2/customers/search': {
    'query.filter.email_address.exact': { source: `${DOC('CustomerTextFilter')}: no length documented` },
  },
  'POST /v2/customers': {
    idempotency_key: { source: `${DOC('CreateCustomerRequest')}: no length documented` },
    given_name: { max: 300, source: `${DOC('CreateCustomerRequest')}: "The maximum length for this value is 300 characters."` },
    family_name: { max: 300, source: `${DOC('CreateCustomerRequest')}: "The maximum length for this value is 300 characters."` },
    email_address: { max: 254, format: 'email', source: `${DOC('CreateCustomerRequest')}: "The maximum length for this value is 254 characters."` },
    phone_number: {
      format: 'phone-9-16-digits',
      source: `${DOC('CreateCustomerRequest')}: "must be valid and can contain 9–16 digits, with an optional + prefix and country code"`,
    },
    ...ADDRESS('address'),
  },
  'POST /v2/catalog/batch-retrieve': {
    'object_ids[]': { source: `${DOC('BatchRetrieveCatalogObjectsRequest')}: no length documented` },
  },
  'POST /v2/orders': {
    idempotency_key: { max: 192, source: `${DOC('CreateOrderRequest')}: maximum length 192` },
    'order.location_id': { min: 1, source: `${DOC('Order')}: minimum length 1` },
    'order.reference_id': { max: 40, source: `${DOC('Order')}: maximum length 40` },
    'order.customer_id': { max: 191, source: `${DOC('Order')}: maximum length 191` },
    'order.line_items[].name': { max: 512, source: `${DOC('OrderLineItem')}: maximum length 512` },
    'order.line_items[].quantity': { min: 1, max: 12, format: 'decimal', source: `${DOC('OrderLineItem')}: minimum length 1, maximum length 12` },
    'order.line_items[].catalog_object_id': { max: 192, source: `${DOC('OrderLineItem')}: maximum length 192` },
    'order.line_items[].note': { max: 2000, source: `${DOC('OrderLineItem')}: maximum length 2000` },
    ...MONEY('order.line_items[].base_price_money'),
    'order.service_charges[].uid': { max: 60, source: `${DOC('OrderServiceCharge')}: maximum length 60` },
    'order.service_charges[].name': { max: 512, source: `${DOC('OrderServiceCharge')}: maximum length 512` },
    'order.service_charges[].calculation_phase': { source: `${DOC('OrderServiceChargeCalculationPhase')}: enum` },
    ...MONEY('order.service_charges[].amount_money'),
    'order.discounts[].uid': { max: 60, source: `${DOC('OrderLineItemDiscount')}: maximum length 60` },
    'order.discounts[].name': { max: 255, source: `${DOC('OrderLineItemDiscount')}: maximum length 255` },
    'order.discounts[].type': { format: 'discount-type', source: `${DOC('OrderLineItemDiscountType')}: enum` },
    'order.discounts[].percentage': {
      max: 10,
      format: 'decimal',
      source: `${DOC('OrderLineItemDiscount')}: maximum length 10, "a string representation of a decimal number"; not set for amount-based discounts`,
    },
    'order.discounts[].scope': { format: 'discount-scope', source: `${DOC('OrderLineItemDiscountScope')}: enum` },
    ...MONEY('order.discounts[].amount_money'),
    'order.taxes[].uid': { max: 60, source: `${DOC('OrderLineItemTax')}: maximum length 60` },
    'order.taxes[].name': { max: 255, source: `${DOC('OrderLineItemTax')}: maximum length 255` },
    'order.taxes[].percentage': {
      max: 10,
      format: 'decimal',
      source: `${DOC('OrderLineItemTax')}: maximum length 10, "a string representation of a decimal number"`,
    },
    'order.taxes[].type': { source: `${DOC('OrderLineItemTaxType')}: enum` },
    'order.taxes[].scope': { source: `${DOC('OrderLineItemTaxScope')}: enum` },
    'order.fulfillments[].uid': { max: 60, source: `${DOC('Fulfillment')}: maximum length 60` },
    'order.fulfillments[].type': { source: `${DOC('FulfillmentType')}: enum` },
    'order.fulfillments[].state': { source: `${DOC('FulfillmentState')}: enum` },
    'order.fulfillments[].shipment_details.shipping_note': { max: 500, source: `${DOC('FulfillmentShipmentDetails')}: maximum length 500` },
    ...RECIPIENT('order.fulfillments[].shipment_details.recipient'),
    ...ADDRESS('order.fulfillments[].shipment_details.recipient.address'),
    ...RECIPIENT('order.fulfillments[].pickup_details.recipient'),
    'order.fulfillments[].pickup_details.pickup_at': {
      format: 'rfc3339',
      source: `${DOC('FulfillmentPickupDetails')}: "The timestamp that represents the start of the pickup window ... in RFC 3339 format"`,
    },
    'order.fulfillments[].pickup_details.schedule_type': { source: `${DOC('FulfillmentPickupDetailsScheduleType')}: enum SCHEDULED, ASAP` },
    'order.fulfillments[].pickup_details.note': { max: 500, source: `${DOC('FulfillmentPickupDetails')}: maximum length 500` },
  },
  'PUT /v2/orders/{order_id}': {
    idempotency_key: { max: 192, source: `${DOC('UpdateOrderRequest')}: maximum length 192` },
    'order.location_id': { min: 1, source: `${DOC('Order')}: minimum length 1` },
    'order.fulfillments[].uid': { max: 60, source: `${DOC('Fulfillment')}: maximum length 60` },
    'order.fulfillments[].state': { format: 'fulfillment-state', source: `${DOC('FulfillmentState')}: enum` },
  },
  'POST /v2/payments': {
    source_id: { min: 1, source: `${DOC('CreatePaymentRequest')}: minimum length 1` },
    idempotency_key: { min: 1, max: 45, source: `${DOC('CreatePaymentRequest')}: minimum length 1, maximum length 45` },
    ...MONEY('amount_money'),
    ...MONEY('tip_money'),
    order_id: { source: `${DOC('CreatePaymentRequest')}: no length documented` },
    customer_id: { source: `${DOC('CreatePaymentRequest')}: no length documented` },
    location_id: { source: `${DOC('CreatePaymentRequest')}: no length documented` },
    reference_id: { max: 40, source: `${DOC('CreatePaymentRequest')}: maximum length 40` },
    verification_token: { source: `${DOC('CreatePaymentRequest')}: no length documented` },
    buyer_email_address: { max: 255, format: 'email', source: `${DOC('CreatePaymentRequest')}: maximum length 255` },
    note: { max: 500, source: `${DOC('CreatePaymentRequest')}: maximum length 500` },
  },
  'POST /v2/refunds': {
    idempotency_key: { min: 1, max: 45, source: `${DOC('RefundPaymentRequest')}: minimum length 1, "Keys are limited to a max of 45 characters"` },
    ...MONEY('amount_money'),
    payment_id: { source: `${DOC('RefundPaymentRequest')}: no length documented` },
    reason: { max: 192, source: `${DOC('RefundPaymentRequest')}: maximum length 192` },
  },
};

/** The SDK's enums, read when a body is first checked (the SDK loads on first use). */
const sdkEnum = (pick: (sdk: typeof Square) => Record<string, string>) => {
  let values: Set<string> | undefined;
  return (v: string) => (values ??= new Set(Object.values(pick(squareSdk().Square)))).has(v);
};
const isCountry = sdkEnum((s) => s.Country);
const isCurrency = sdkEnum((s) => s.Currency);
const isFulfillmentState = sdkEnum((s) => s.FulfillmentState);
const isDiscountType = sdkEnum((s) => s.OrderLineItemDiscountType);
const isDiscountScope = sdkEnum((s) => s.OrderLineItemDiscountScope);

/** The documented formats; the phone one is Square's wording: 9–16 digits, optional + prefix. */
const FORMATS: Record<SquareFormat, (value: string) => boolean> = {
  'phone-9-16-digits': (v) => /^\+?\d{9,16}$/.test(v.replace(/[\s().-]/g, '')),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  country: isCountry,
  currency: isCurrency,
  decimal: (v) => /^\d+(\.\d+)?$/.test(v),
  'fulfillment-state': isFulfillmentState,
  'discount-type': isDiscountType,
  'discount-scope': isDiscountScope,
  rfc3339: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
};

const LIMIT_ERROR_CODES: Record<SquareFormat, string> = {
  'phone-9-16-digits': 'INVALID_PHONE_NUMBER',
  email: 'INVALID_EMAIL_ADDRESS',
  country: 'INVALID_ENUM_VALUE',
  currency: 'INVALID_ENUM_VALUE',
  decimal: 'VALUE_REGEX_MISMATCH',
  rfc3339: 'INVALID_TIME',
  'fulfillment-state': 'INVALID_ENUM_VALUE',
  'discount-type': 'INVALID_ENUM_VALUE',
  'discount-scope': 'INVALID_ENUM_VALUE',
};

export interface SquareStringField {
  /** The wire path with its indices, as Square names a field in an error: `order.line_items[1].name`. */
  field: string;
  /** The same path with `[]` for any index, as SQUARE_REQUEST_LIMITS keys it. */
  rule: string;
  value: string;
}

/** Every string in a wire (snake_case JSON) body, with its path. */
export function stringFields(body: unknown, field = '', rule = ''): SquareStringField[] {
  if (typeof body === 'string') return [{ field, rule, value: body }];
  if (Array.isArray(body)) return body.flatMap((item, i) => stringFields(item, `${field}[${i}]`, `${rule}[]`));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) => stringFields(value, field ? `${field}.${key}` : key, rule ? `${rule}.${key}` : key));
  }
  return [];
}

/** One error object as Square answers a refused field (category, code, detail, field). */
export interface SquareFieldError {
  category: 'INVALID_REQUEST_ERROR';
  code: string;
  detail: string;
  field: string;
}

/** The fields of a wire body that break Square's documented limits, as Square's 400 errors. */
export function squareLimitErrors(route: SquareRoute, body: unknown): SquareFieldError[] {
  const rules = SQUARE_REQUEST_LIMITS[route];
  const errors: SquareFieldError[] = [];
  for (const { field, rule, value } of stringFields(body)) {
    const limit = rules[rule];
    if (!limit) continue;
    const error = (code: string, detail: string) => errors.push({ category: 'INVALID_REQUEST_ERROR', code, detail, field });
    if (limit.max !== undefined && value.length > limit.max) error('VALUE_TOO_LONG', `Field must not be greater than ${limit.max} length`);
    else if (limit.min !== undefined && value.length < limit.min) error('VALUE_TOO_SHORT', `Field must not be less than ${limit.min} length`);
    else if (limit.format && !FORMATS[limit.format](value)) error(LIMIT_ERROR_CODES[limit.format], `Invalid ${limit.format} value`);
  }
  return errors;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One clean line of text within `max` UTF-16 code units: NFC, control characters, line and
 * paragraph separators as spaces, runs of white space as one, trimmed, cut between characters.
 */
export function fitText(value: string, max?: number): string {
  const clean = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (max === undefined || clean.length <= max) return clean;
  let out = '';
  for (const { segment } of graphemes.segment(clean)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out.trimEnd();
}

/** A value that must reach Square whole (an e-mail, an id): kept if it fits, else left out. */
function whole(value: string | null | undefined, max: number): string | undefined {
  const v = value?.trim();
  return v && v.length <= max ? v : undefined;
}

export function money(cents: number): Square.Money {
  return { amount: BigInt(cents), currency: CURRENCY };
}

/** Square idempotency keys are at most 45 characters (payments); derived keys stay well inside that. */
export function derivedKey(key: string, purpose: string): string {
  return createHash('sha256').update(`${purpose}:${key}`).digest('hex').slice(0, 40);
}

/** Canadian postal codes as Canada Post writes them (K1A 0B1); others trimmed and upper-cased. */
export function postalCode(value: string, country: string | undefined): string {
  const compact = fitText(value).toUpperCase();
  const ca = compact.replace(/[\s-]/g, '');
  if (country === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(ca)) return `${ca.slice(0, 3)} ${ca.slice(3)}`;
  return compact;
}

/** The address as Square's Address: clean lines, the postal code in its country's form. */
export function squareAddress(address: Square.Address): Square.Address {
  const country = address.country ? (address.country.toUpperCase() as Square.Country) : undefined;
  const text = (v: string | null | undefined) => (v ? fitText(v) || undefined : undefined);
  return {
    addressLine1: text(address.addressLine1),
    ...(address.addressLine2 ? { addressLine2: text(address.addressLine2) } : {}),
    locality: text(address.locality),
    administrativeDistrictLevel1: text(address.administrativeDistrictLevel1),
    postalCode: address.postalCode ? postalCode(address.postalCode, country) : undefined,
    country,
  };
}

/** The buyer's phone in E.164 (at most 16 characters), or undefined when it is not a valid number. */
export function squarePhone(phone: string, country: string | undefined): string | undefined {
  return parsePhone(phone, country)?.e164;
}

/** POST /v2/customers/search: the customer Square already has with the buyer's e-mail. */
export function buildSearchCustomersRequest(email: string): Square.SearchCustomersRequest {
  return { limit: BigInt(1), query: { filter: { emailAddress: { exact: email } } } };
}

/** POST /v2/customers: the buyer as a Square customer profile. */
export function buildCreateCustomerRequest(input: SquareChargeInput): Square.CreateCustomerRequest {
  const c = input.customer;
  const phone = c.phone ? squarePhone(c.phone, c.address?.country) : undefined;
  return {
    idempotencyKey: derivedKey(input.idempotencyKey, 'customer'),
    givenName: fitText(c.givenName, 300) || undefined,
    familyName: fitText(c.familyName, 300) || undefined,
    emailAddress: whole(c.email, 254),
    ...(phone && FORMATS['phone-9-16-digits'](phone) ? { phoneNumber: phone } : {}),
    ...(c.address ? { address: squareAddress(c.address) } : {}),
  };
}

/** The variation ids worth asking Square about: each line's, once, of a length Square accepts. */
export function variationIdsToCheck(lines: readonly SquareChargeLine[]): string[] {
  return [...new Set(lines.map((l) => l.variationId).filter((id): id is string => !!id && id.length <= 192))];
}

/** The ids among BatchRetrieveCatalogObjects' answer that are live item variations. */
export function liveVariationIds(objects: readonly Square.CatalogObject[] | undefined): Set<string> {
  return new Set((objects ?? []).filter((o) => o.type === 'ITEM_VARIATION' && o.id && !o.isDeleted).map((o) => o.id!));
}

export interface OrderContext {
  locationId: string;
  customerId: string;
  /** Variation ids Square's catalogue has (liveVariationIds); other lines go ad hoc. */
  catalogVariationIds: ReadonlySet<string>;
}

/**
 * POST /v2/orders: catalogue lines by variation id, other lines ad hoc with our name and price,
 * shipping as a service charge, a discount code as an order-level discount, tax as an order-level
 * tax, the shipment to the buyer, or the
 * pickup at the stop (its time, the name, the note the owner's Point of Sale shows).
 */
export function buildCreateOrderRequest(input: SquareChargeInput, ctx: OrderContext): Square.CreateOrderRequest {
  return {
    idempotencyKey: derivedKey(input.idempotencyKey, 'order'),
    order: {
      locationId: ctx.locationId,
      referenceId: input.referenceId,
      customerId: ctx.customerId,
      lineItems: input.lines.map((line) =>
        line.variationId && ctx.catalogVariationIds.has(line.variationId)
          ? { catalogObjectId: line.variationId, quantity: String(line.quantity) }
          : { name: fitText(line.name, 512) || 'Item', quantity: String(line.quantity), basePriceMoney: money(line.unitPriceCents) },
      ),
      serviceCharges:
        input.shippingCents > 0
          ? [{ uid: 'shipping', name: 'Shipping', amountMoney: money(input.shippingCents), calculationPhase: 'TOTAL_PHASE', taxable: false }]
          : [],
      // Square takes order-level discounts off before it applies the order's taxes, as we do.
      ...(input.discount ? { discounts: [discountOf(input.discount)] } : {}),
      taxes:
        input.taxCents > 0 && input.taxPercent
          ? [{ uid: 'sales-tax', name: 'Sales Tax', percentage: String(input.taxPercent), type: 'ADDITIVE', scope: 'ORDER' }]
          : [],
      fulfillments: [fulfillmentOf(input, ctx)],
    },
  };
}

/**
 * A discount code as Square's order-level discount: always its amount in cents (FIXED_AMOUNT), also for
 * a percentage code, so that Square's total is ours to the cent (docs/decisions.md "Discount codes").
 */
function discountOf(discount: { code: string; cents: number }): Square.OrderLineItemDiscount {
  return {
    uid: 'discount-code',
    name: fitText(`Discount code ${discount.code}`, 255),
    type: 'FIXED_AMOUNT',
    amountMoney: money(discount.cents),
    scope: 'ORDER',
  };
}

/** The uid the checkout gives a pickup order's fulfilment at Square. */
export const PICKUP_FULFILLMENT_UID = 'pickup';

/**
 * PUT /v2/orders/{order_id}: a sparse order moving the pickup fulfilment to `state`, at the version
 * Square last answered (Square refuses a stale one). The key is derived from the order and the
 * state, so asking again after a lost answer makes no second update.
 */
export function buildUpdatePickupRequest(
  order: { id: string; locationId: string; version: number },
  state: Square.FulfillmentState,
): Square.UpdateOrderRequest {
  return {
    orderId: order.id,
    order: { locationId: order.locationId, version: order.version, fulfillments: [{ uid: PICKUP_FULFILLMENT_UID, state }] },
    idempotencyKey: derivedKey(`${order.id}:${order.version}`, `pickup-${state}`),
  };
}

function fulfillmentOf(input: SquareChargeInput, ctx: OrderContext): Square.Fulfillment {
  const c = input.customer;
  const recipient: Square.FulfillmentRecipient = {
    customerId: ctx.customerId,
    displayName: fitText(`${c.givenName} ${c.familyName}`, 255) || undefined,
    emailAddress: whole(c.email, 255),
    phoneNumber: c.phone ? squarePhone(c.phone, c.address?.country) : undefined,
  };
  if (input.pickup) {
    return {
      // Our own uid: the state updates name the fulfilment by it.
      uid: PICKUP_FULFILLMENT_UID,
      type: 'PICKUP',
      state: 'PROPOSED',
      pickupDetails: {
        recipient,
        scheduleType: 'SCHEDULED',
        // RFC 3339 in UTC, whole seconds.
        pickupAt: `${input.pickup.at.toISOString().slice(0, 19)}Z`,
        note: fitText(input.pickup.note, 500) || undefined,
      },
    };
  }
  return {
    type: 'SHIPMENT',
    state: 'PROPOSED',
    shipmentDetails: { recipient: { ...recipient, ...(c.address ? { address: squareAddress(c.address) } : {}) } },
  };
}

/** POST /v2/payments: the card charged for the Square order, completed at once. */
export function buildCreatePaymentRequest(
  input: SquareChargeInput,
  ctx: { orderId: string; customerId: string; locationId: string },
): Square.CreatePaymentRequest {
  return {
    sourceId: input.sourceId,
    idempotencyKey: input.idempotencyKey,
    amountMoney: money(orderTotalCents(input)),
    ...(input.tipCents ? { tipMoney: money(input.tipCents) } : {}),
    orderId: ctx.orderId,
    customerId: ctx.customerId,
    locationId: ctx.locationId,
    referenceId: input.referenceId,
    buyerEmailAddress: whole(input.customer.email, 255),
    autocomplete: true,
    ...(input.verificationToken ? { verificationToken: input.verificationToken } : {}),
  };
}

/** What a refund asks Square (RefundPayment). */
export interface SquareRefundInput {
  /** Our refund's id: asking again after a lost answer finds the same refund. */
  idempotencyKey: string;
  paymentId: string;
  amountCents: number;
  reason: string | null;
}

/** POST /v2/refunds: part or all of a payment back to the card it came from. */
export function buildRefundPaymentRequest(input: SquareRefundInput): Square.RefundPaymentRequest {
  const reason = input.reason ? fitText(input.reason, 192) : '';
  return {
    idempotencyKey: input.idempotencyKey,
    amountMoney: money(input.amountCents),
    paymentId: input.paymentId,
    ...(reason ? { reason } : {}),
  };
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
