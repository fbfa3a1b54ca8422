import { z } from 'zod';
import { formatCents, percentOfCents, toCents } from '../money';
import { calendarDay } from './admin-orders.schema';
import { discountCodeSchema } from './discount-code.schema';
import { checkoutCartItemSchema, MAX_CART_LINES } from './orders.schema';

export { discountCodeSchema };

/**
 * Discount codes (docs/admin.md "Discounts"): the owner's form, the checkout's check, and the rule
 * that turns a code into cents off a subtotal. A code is compared without regard to case: it is
 * stored and sent upper-cased.
 */

export const DISCOUNT_AMOUNT_MAX_CENTS = 100_000_00;
export const DISCOUNT_USAGE_LIMIT_MAX = 1_000_000;
export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a code takes off: `value` is dollars for an amount, a whole percent (1-100) for a percentage. */
export interface DiscountRule {
  kind: DiscountKind;
  value: number;
}

/** The cents a rule takes off a subtotal: never more than the subtotal, never below zero. */
export function discountOffCents(rule: DiscountRule, subtotalCents: number): number {
  const off = rule.kind === 'percent' ? percentOfCents(subtotalCents, rule.value) : toCents(rule.value);
  return Math.max(0, Math.min(off, subtotalCents));
}

/** '10% off', '$5.00 off'. */
export function discountLabel(rule: DiscountRule): string {
  return rule.kind === 'percent' ? `${rule.value}% off` : `${formatCents(toCents(rule.value))} off`;
}

const optionalDay = (name: string) =>
  z
    .union([z.literal(''), z.null(), calendarDay(name)])
    .optional()
    .transform((v) => (v ? v : null));

/** The owner's discount form (POST and PUT /api/admin/discounts): the same schema validates the body. */
export const discountFormSchema = z
  .strictObject({
    code: discountCodeSchema,
    kind: z.enum(DISCOUNT_KINDS, { message: 'Choose an amount or a percentage' }),
    value: z.number({ message: 'Value must be a number' }).finite('Value must be a number').positive('Value must be more than 0'),
    /** The first day the code works, in the shop's time zone; null: from now on. */
    startsOn: optionalDay('Start'),
    /** The last day the code works (to its end, in the shop's time zone); null: no end. */
    endsOn: optionalDay('End'),
    /** Uses in all; null: unlimited. */
    usageLimit: z
      .number({ message: 'Usage limit must be a number' })
      .int('Usage limit must be a whole number')
      .min(1, 'Usage limit must be at least 1')
      .max(DISCOUNT_USAGE_LIMIT_MAX, `Usage limit must be at most ${DISCOUNT_USAGE_LIMIT_MAX}`)
      .nullish()
      .transform((v) => v ?? null),
    /** A customer (the signed-in account, else the e-mail address) may use the code once. */
    onePerCustomer: z.boolean({ message: 'One per customer must be true or false' }).default(true),
    /** Switched off: refused like an unknown code, kept with its uses. */
    active: z.boolean({ message: 'Active must be true or false' }).default(true),
  })
  .superRefine((data, ctx) => {
    if (data.kind === 'percent' && (!Number.isInteger(data.value) || data.value < 1 || data.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be a whole number from 1 to 100' });
    }
    if (data.kind === 'amount') {
      if (Math.abs(data.value * 100 - Math.round(data.value * 100)) > 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount must have at most two decimals' });
      } else if (toCents(data.value) > DISCOUNT_AMOUNT_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `An amount can be at most ${formatCents(DISCOUNT_AMOUNT_MAX_CENTS)}` });
      }
    }
    if (data.startsOn && data.endsOn && data.endsOn < data.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End must be on or after Start' });
    }
  });
export type DiscountFormInput = z.input<typeof discountFormSchema>;
export type DiscountForm = z.output<typeof discountFormSchema>;

/** PATCH /api/admin/discounts/{id}/active: switch a code on or off. */
export const discountActiveSchema = z.strictObject({ active: z.boolean({ message: 'Active must be true or false' }) });

/** One code as the owner's list shows it. */
export const adminDiscountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  onePerCustomer: z.boolean(),
  active: z.boolean(),
  /** Orders holding the code now (a payment that failed gave its use back). */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

/**
 * POST /api/checkout/discount: is this code good for this cart? The e-mail (a guest's) lets the
 * one-per-customer rule be checked before paying; the checkout checks everything again.
 */
export const discountCheckSchema = z.strictObject({
  code: discountCodeSchema,
  cartItems: z
    .array(checkoutCartItemSchema, { message: 'cartItems must be a list' })
    .min(1, 'Your cart is empty')
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} cart lines`),
  email: z
    .string()
    .trim()
    .max(254)
    .email('Please enter a valid email')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type DiscountCheckInput = z.input<typeof discountCheckSchema>;
export type DiscountCheckRequest = z.output<typeof discountCheckSchema>;

export const discountCheckResponseSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  /** What the code takes off this cart now, in dollars. */
  discount: z.number(),
  label: z.string(),
});
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;
