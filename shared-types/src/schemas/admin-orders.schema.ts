import { z } from 'zod';
import { CARRIERS, FULFILMENT_STATUSES, FULFILMENT_TARGETS, isHttpUrl, normaliseTrackingNumber } from '../fulfilment';
import { pageSchema } from './common.schema';
import { shipmentSchema } from './shipment.schema';

/**
 * The owner's Orders tab: the list's query, the detail, and the bodies of the moves,
 * cancel and refund calls. Money is integer cents throughout (the admin's own shapes).
 */

export const ADMIN_ORDERS_PAGE_DEFAULT = 25;
export const ADMIN_ORDERS_PAGE_MAX = 100;
/** Square's RefundPaymentRequest.reason holds at most 192 characters; the customer's e-mail shows it too. */
export const REFUND_REASON_MAX = 192;
export const TRACKING_NUMBER_MAX = 40;

/** The provider-shaped states the list filters on, and PENDING (a checkout still waiting for its payment). */
export const ADMIN_ORDER_STATUSES = ['PENDING', 'OPEN', 'COMPLETED', 'CANCELED', 'DRAFT'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export const TEST_ORDER_FILTERS = ['all', 'exclude', 'only'] as const;
export type TestOrderFilter = (typeof TEST_ORDER_FILTERS)[number];

/** A calendar day 'YYYY-MM-DD' that exists (no 2026-02-30), in years an order can have. */
export const calendarDay = (name: string) =>
  z
    .string({ message: `${name} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number);
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => v >= '1970-01-01' && v <= '9998-12-31', `${name} must be between 1970 and 9998`);
const day = calendarDay;

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

/**
 * GET /api/admin/orders. Newest first. `from` and `to` are days in the shop's time zone, both
 * included. `q` finds an order by its number (the 8 characters the confirmation shows, or its
 * start), or by the start of the customer's e-mail, first name, last name or full name.
 */
export const adminOrdersQuerySchema = z
  .strictObject({
    page: pageNumber('page', 10_000).default(1),
    pageSize: pageNumber('pageSize', ADMIN_ORDERS_PAGE_MAX).default(ADMIN_ORDERS_PAGE_DEFAULT),
    status: z.enum(ADMIN_ORDER_STATUSES, { message: `status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}` }).optional(),
    fulfilment: z.enum(FULFILMENT_STATUSES, { message: `fulfilment must be one of ${FULFILMENT_STATUSES.join(', ')}` }).optional(),
    from: day('from').optional(),
    to: day('to').optional(),
    test: z.enum(TEST_ORDER_FILTERS, { message: 'test must be all, exclude or only' }).default('all'),
    q: z
      .string({ message: 'q must be text' })
      .trim()
      .max(100, 'q must be at most 100 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'to must not be before from', path: ['to'] });
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuerySchema>;

const isoDate = z.string();

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: isoDate,
  customerName: z.string(),
  email: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES).nullable(),
  testMode: z.boolean(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrdersPageSchema = pageSchema('orders', adminOrderSummarySchema);
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const REFUND_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundLineSchema = z.object({ itemId: z.number().int(), quantity: z.number().int() });
export type RefundLine = z.infer<typeof refundLineSchema>;

export const adminOrderRefundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  squareRefundId: z.string().nullable(),
  lines: z.array(refundLineSchema).nullable(),
  restocked: z.boolean(),
  createdBy: z.string(),
  createdAt: isoDate,
});

/** One audit row: who moved the order, when, from what to what. */
export const orderTimelineEntrySchema = z.object({
  id: z.string(),
  at: isoDate,
  /** 'admin:<username>', 'checkout', 'reconciler', 'webhook' */
  actor: z.string(),
  type: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** GET /api/admin/orders/{id} */
export const adminOrderDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  status: z.enum(ADMIN_ORDER_STATUSES),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES).nullable(),
  testMode: z.boolean(),
  email: z.string(),
  /** The account that placed it; null for a guest. */
  userId: z.number().int().nullable(),
  payment: z.object({
    /** 'test' for a test-mode order: nothing was charged. */
    provider: z.enum(['square', 'test']),
    paymentId: z.string().nullable(),
    paymentStatus: z.string().nullable(),
    squareOrderId: z.string().nullable(),
    squareCustomerId: z.string().nullable(),
  }),
  totals: z.object({
    currency: z.string(),
    subtotalCents: z.number().int(),
    /** What a discount code took off the subtotal (0 without one), and the code. */
    discountCents: z.number().int(),
    discountCode: z.string().nullable(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    refundedCents: z.number().int(),
    /** Refunds asked of Square and not settled yet. */
    pendingRefundCents: z.number().int(),
    refundableCents: z.number().int(),
  }),
  shipping: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
  }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int().nullable(),
      name: z.string(),
      unitPriceCents: z.number().int(),
      quantity: z.number().int(),
      totalCents: z.number().int(),
      /** Quantities already refunded by line (refunds not failed). */
      refundedQuantity: z.number().int(),
    }),
  ),
  shipment: shipmentSchema,
  refunds: z.array(adminOrderRefundSchema),
  timeline: z.array(orderTimelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

const reasonSchema = z
  .string({ message: 'Please give a reason' })
  .trim()
  .min(1, 'Please give a reason')
  .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`);

/**
 * POST /api/admin/orders/{id}/fulfilment. Shipping names the carrier and, for the common carriers,
 * the tracking number (spaces and dashes dropped, upper case); 'Other' may give its own tracking
 * link instead (http(s) only).
 */
export const fulfilmentMoveSchema = z
  .strictObject({
    to: z.enum(FULFILMENT_TARGETS, { message: `to must be one of ${FULFILMENT_TARGETS.join(', ')}` }),
    carrier: z.enum(CARRIERS, { message: `carrier must be one of ${CARRIERS.join(', ')}` }).optional(),
    trackingNumber: z
      .string({ message: 'trackingNumber must be text' })
      .max(100, 'The tracking number is too long')
      .transform(normaliseTrackingNumber)
      .optional()
      .transform((v) => (v ? v : undefined)),
    trackingUrl: z
      .string({ message: 'trackingUrl must be text' })
      .trim()
      .max(500, 'The tracking link is too long')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.to !== 'shipped') {
      if (body.carrier || body.trackingNumber || body.trackingUrl) issue('carrier', 'Carrier and tracking are given only when marking an order shipped');
      return;
    }
    if (!body.carrier) return issue('carrier', 'Please choose the carrier');
    if (body.carrier !== 'Other' && !body.trackingNumber) return issue('trackingNumber', 'Please enter the tracking number');
    if (body.trackingNumber && !new RegExp(`^[A-Z0-9]{4,${TRACKING_NUMBER_MAX}}$`).test(body.trackingNumber)) {
      return issue('trackingNumber', `A tracking number has 4 to ${TRACKING_NUMBER_MAX} letters and digits`);
    }
    if (body.trackingUrl && body.carrier !== 'Other') return issue('trackingUrl', 'A tracking link is given only for the carrier Other');
    if (body.trackingUrl && !isHttpUrl(body.trackingUrl)) issue('trackingUrl', 'The tracking link must start with https:// or http://');
  });
export type FulfilmentMoveInput = z.input<typeof fulfilmentMoveSchema>;
export type FulfilmentMove = z.output<typeof fulfilmentMoveSchema>;

/** POST /api/admin/orders/{id}/cancel: before shipping only; refunds what remains. */
export const cancelOrderSchema = z.strictObject({
  reason: reasonSchema,
  restock: z.boolean({ message: 'restock must be true or false' }).default(false),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;
export type CancelOrder = z.output<typeof cancelOrderSchema>;

const MAX_REFUND_CENTS = 100_000_000;

/**
 * POST /api/admin/orders/{id}/refunds: an amount, or lines (their prices plus their tax, unless an
 * amount is given too, e.g. to add the shipping), never above what remains. Restocking puts the
 * refunded lines back, so it needs lines.
 */
export const refundOrderSchema = z
  .strictObject({
    amountCents: z
      .number({ message: 'amountCents must be a number of cents' })
      .int('amountCents must be a whole number of cents')
      .min(1, 'The refund must be at least 1 cent')
      .max(MAX_REFUND_CENTS, 'The refund is too large')
      .optional(),
    lines: z
      .array(
        z.strictObject({
          itemId: z
            .number({ message: 'itemId must be a number' })
            .int('itemId must be a whole number')
            .positive('itemId must be positive')
            .max(2147483647, 'itemId is too large'),
          quantity: z
            .number({ message: 'quantity must be a number' })
            .int('quantity must be a whole number')
            .min(1, 'quantity must be at least 1')
            .max(999, 'quantity must be at most 999'),
        }),
        { message: 'lines must be a list' },
      )
      .min(1, 'Choose at least one line')
      .max(100, 'At most 100 lines')
      .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, 'Each line may appear once')
      .optional(),
    reason: reasonSchema,
    restock: z.boolean({ message: 'restock must be true or false' }).default(false),
  })
  .refine((body) => body.amountCents !== undefined || body.lines !== undefined, { message: 'Give an amount or the lines to refund', path: ['amountCents'] })
  .refine((body) => !body.restock || body.lines !== undefined, { message: 'Choose the lines to put back in stock', path: ['restock'] });
export type RefundOrderInput = z.input<typeof refundOrderSchema>;
export type RefundOrder = z.output<typeof refundOrderSchema>;
