import { z } from 'zod';
import { CART_SESSION_ID_LENGTH } from '../cart-session';
import { FULFILMENT_STATUSES } from '../fulfilment';
import { PICKUP_TIP_MAX_CENTS } from '../pickup';
import { shippingSchema } from './checkout.schema';
import { idempotencyKeySchema, queryWholeNumber } from './common.schema';
import { discountCodeSchema } from './discount-code.schema';
import { pickupContactSchema, pickupOrderSchema } from './pickup.schema';
import { shipmentSchema } from './shipment.schema';

/**
 * Checkout, payment and order wire shapes. Amounts sent by the checkout are in
 * dollars, as the storefront's client sends them; the server compares them in cents with
 * `priceOrder` and never trusts them. Order history uses Square's shape with amounts in cents.
 */

/** Square's sandbox test tokens, accepted by the server only while Square is not connected. */
export const TEST_CARD_NONCE_OK = 'cnon:card-nonce-ok';
export const TEST_CARD_NONCE_DECLINED = 'cnon:card-nonce-declined';
/** Built-in test card form: Square's published sandbox card numbers and the token each yields. */
export const TEST_CARDS = [
  { number: '4111111111111111', nonce: TEST_CARD_NONCE_OK },
  { number: '4000000000000002', nonce: TEST_CARD_NONCE_DECLINED },
] as const;
/**
 * The test wallet's token: test mode's "Pay with test wallet" button sends it in place of an Apple
 * Pay, Google Pay or Cash App Pay token. Accepted exactly where the test cards are, and paid like
 * the successful one (docs/decisions.md "Wallets").
 */
export const TEST_WALLET_NONCE = 'wnon:test-wallet-ok';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;
export const ORDERS_PAGE_DEFAULT = 20;
export const ORDERS_PAGE_MAX = 100;

/** A dollar amount with at most two decimals. */
const dollars = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .nonnegative(`${field} cannot be negative`)
    .max(1_000_000, `${field} is too large`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${field} must have at most two decimals`);

const productId = z
  .number({ message: 'Product id must be a number' })
  .int('Product id must be a whole number')
  .positive('Product id must be positive')
  .max(2147483647, 'Product id is too large');

/**
 * A cart line as the checkout sends it: the product by `productId` or `id` (the cart line's id is
 * the product id), a quantity, and the display fields of the cart, which the server ignores.
 */
export const checkoutCartItemSchema = z
  .object({
    id: productId.optional(),
    productId: productId.optional(),
    quantity: z
      .number({ message: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
    catalogObjectId: z.string().max(100).nullish(),
    variationId: z.string().max(100).nullish(),
    name: z.string().max(200).optional(),
    price: z.number().optional(),
    /** A drink's options, each `${group}:${choice}` (../product-options.ts); the server prices them. */
    options: z.array(z.string().max(100), { message: 'options must be a list' }).max(40, 'Too many options').optional(),
  })
  .refine((item) => item.id !== undefined || item.productId !== undefined, 'Each cart item needs a product id')
  .refine((item) => item.id === undefined || item.productId === undefined || item.id === item.productId, 'Cart item id and productId disagree')
  .transform(({ id, productId: pid, quantity, name, options }) => ({ productId: (pid ?? id) as number, quantity, name, options: options ?? [] }));

// Client-chosen key, one per checkout attempt (common.schema.ts: the contact and inquiry forms use it too).
export { idempotencyKeySchema };

/**
 * POST /api/square/checkout/complete: a shipping order (`shippingData`) or a pickup order at one of
 * the cart's stops (`pickup`, with an optional `tipAmount`), never both: the shop's cart ships, and
 * the stop's own page orders for pickup (docs/order-ahead.md).
 */
export const checkoutCompleteSchema = z
  .strictObject({
    sourceId: z.string({ message: 'sourceId is required' }).trim().min(1, 'sourceId is required').max(500),
    verificationToken: z.string().max(2000).nullish(),
    amount: dollars('amount'),
    shippingCost: dollars('shippingCost'),
    taxAmount: dollars('taxAmount'),
    shippingData: shippingSchema.optional(),
    pickup: pickupContactSchema.optional(),
    /** The tip of a pickup order, in dollars (the buttons give a percentage of the subtotal). */
    tipAmount: dollars('tipAmount').optional(),
    /** Sent by the storefront's client; the server finds the Square customer by e-mail instead of trusting it. */
    customerId: z.string().max(100).nullish(),
    cartItems: z
      .array(checkoutCartItemSchema, { message: 'cartItems must be a list' })
      .min(1, 'Your cart is empty')
      .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} cart lines`),
    idempotencyKey: idempotencyKeySchema,
    /** A discount code the buyer applied: the server checks it again and takes its use with the order. */
    discountCode: discountCodeSchema.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.shippingData && data.pickup) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickup'],
        message: 'Pickup at the cart and shipping are checked out apart: please order the drinks for pickup on their own.',
      });
    } else if (!data.shippingData && !data.pickup) {
      ctx.addIssue({ code: 'custom', path: ['shippingData'], message: 'Shipping details are required' });
    }
    if (data.tipAmount && !data.pickup) ctx.addIssue({ code: 'custom', path: ['tipAmount'], message: 'A tip is taken with pickup orders only' });
    if (data.tipAmount !== undefined && Math.round(data.tipAmount * 100) > PICKUP_TIP_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['tipAmount'], message: `A tip can be at most $${PICKUP_TIP_MAX_CENTS / 100}` });
    }
  });
export type CheckoutCompleteInput = z.input<typeof checkoutCompleteSchema>;
export type CheckoutCompleteRequest = z.output<typeof checkoutCompleteSchema>;

export const checkoutCompleteResponseSchema = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  testMode: z.boolean(),
  /** A pickup order's page with its signed token ('/orders/{id}?token=…'): a guest follows it there at once. */
  orderPath: z.string().optional(),
});
export type CheckoutCompleteResponse = z.infer<typeof checkoutCompleteResponseSchema>;

/** POST /api/orders/create-from-payment; `amount` comes from the confirmation page's query string. */
export const createFromPaymentSchema = z.strictObject({
  paymentIntentId: z.string({ message: 'paymentIntentId is required' }).trim().min(1, 'paymentIntentId is required').max(200),
  amount: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v)))
    .refine((v) => Number.isFinite(v) && v >= 0, 'amount must be a number'),
  sessionId: z.string().max(200).nullish(),
});
export type CreateFromPaymentInput = z.input<typeof createFromPaymentSchema>;

export const createFromPaymentResponseSchema = z.object({ orderId: z.string(), testMode: z.boolean() });
export type CreateFromPaymentResponse = z.infer<typeof createFromPaymentResponseSchema>;

export const ORDER_STATES = ['OPEN', 'COMPLETED', 'CANCELED', 'DRAFT'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Where the parcel is (ours, beside the provider-shaped state, which it never changes): the
 * fulfilment state (null until the payment completes), the carrier and tracking once shipped.
 */
export const orderFulfilmentSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES).nullable(),
  ...shipmentSchema.shape,
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/** GET /api/orders/{id}: the site view, prices in dollars. */
export const orderViewSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATES),
  testMode: z.boolean(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  email: z.string(),
  items: z.array(z.object({ productId: z.number().nullable(), name: z.string(), quantity: z.number(), price: z.number(), total: z.number() })),
  subtotal: z.number(),
  /** What a discount code took off the subtotal, in dollars (0 without one), and the code. */
  discount: z.number(),
  discountCode: z.string().nullable(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  shippingName: z.string(),
  shippingAddress: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingZip: z.string(),
  shippingCountry: z.string(),
  fulfilment: orderFulfilmentSchema,
  /** Refunded so far, in dollars. */
  refunded: z.number(),
  /** 'pickup': collected at one of the cart's stops (the shipping fields are empty, `pickup` says where and when). */
  fulfilmentMethod: z.enum(['shipping', 'pickup']),
  pickup: pickupOrderSchema.nullable(),
  /** The pickup order's tip, in dollars (0 for shipping orders). */
  tip: z.number(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/**
 * GET /api/orders/{id}?token=: the signed, expiring token of an order link (the e-mails' link to
 * the order), which opens the order without an account. Its shape is checked by the API, which
 * answers 403 for a token that is not valid and 410 for one that has expired.
 */
export const orderLinkQuerySchema = z.strictObject({
  token: z.string({ message: 'token must be text' }).max(200, 'This order link is not valid').optional(),
});

/** Square's Money with the amount in cents (a number on our wire, a bigint in Square's SDK). */
const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

/** GET /api/me/orders: one order in Square's order shape (the provider view). */
export const providerOrderSchema = z.object({
  id: z.string(),
  state: z.enum(ORDER_STATES),
  /** Ours, not Square's: a test-mode order (nothing charged), flagged wherever orders are listed. */
  testMode: z.boolean(),
  createdAt: z.string(),
  totalMoney: moneySchema,
  totalTaxMoney: moneySchema,
  totalServiceChargeMoney: moneySchema,
  lineItems: z.array(
    z.object({
      name: z.string(),
      /** Square sends quantities as decimal strings. */
      quantity: z.string(),
      basePriceMoney: moneySchema,
      totalMoney: moneySchema,
    }),
  ),
  fulfillments: z.array(
    z.object({
      type: z.literal('SHIPMENT'),
      state: z.string(),
      shipmentDetails: z.object({
        recipient: z.object({
          displayName: z.string(),
          emailAddress: z.string(),
          phoneNumber: z.string(),
          address: z.object({
            addressLine1: z.string(),
            locality: z.string(),
            administrativeDistrictLevel1: z.string(),
            postalCode: z.string(),
            country: z.string(),
          }),
        }),
      }),
    }),
  ),
  /** Ours, not Square's: where the parcel is (the Square-shaped fields above stay as they are). */
  fulfilment: orderFulfilmentSchema,
});
export type ProviderOrder = z.infer<typeof providerOrderSchema>;

/** GET /api/me/orders?limit=&cursor= (the next cursor comes back in the X-Next-Cursor header). */
export const myOrdersQuerySchema = z.strictObject({
  limit: queryWholeNumber('limit', 1, ORDERS_PAGE_MAX).default(ORDERS_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is invalid')
    .optional(),
});
export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;

/** DELETE /api/cart/clear?sessionId= */
export const cartClearQuerySchema = z.strictObject({
  sessionId: z
    .string({ message: 'sessionId is required' })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${CART_SESSION_ID_LENGTH}}$`), `sessionId must be ${CART_SESSION_ID_LENGTH} characters`),
});

/** The checkout's answer (503) while payments are not set up: production mode, Square not connected, no test payments. */
export const PAYMENTS_NOT_SET_UP_MESSAGE = 'Payments are not set up yet. Please try again later.';

/**
 * GET /api/square/web-payments/config. In test mode the PWA shows the built-in card form; with
 * `paymentsAvailable: false` (production mode, Square not connected, test payments off) it shows
 * PAYMENTS_NOT_SET_UP_MESSAGE and takes no payment.
 */
export const webPaymentsConfigSchema = z.union([
  z.object({
    testMode: z.literal(false),
    paymentsAvailable: z.literal(true),
    applicationId: z.string(),
    locationId: z.string(),
    environment: z.enum(['sandbox', 'production']),
  }),
  z.object({
    testMode: z.literal(true),
    paymentsAvailable: z.literal(true),
    applicationId: z.string().nullable(),
    locationId: z.string().nullable(),
    environment: z.enum(['sandbox', 'production']),
  }),
  z.object({
    testMode: z.literal(false),
    paymentsAvailable: z.literal(false),
    applicationId: z.string().nullable(),
    locationId: z.null(),
    environment: z.enum(['sandbox', 'production']),
  }),
]);
export type WebPaymentsConfig = z.infer<typeof webPaymentsConfigSchema>;
