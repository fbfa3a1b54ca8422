import { type CheckoutCompleteInput, type CheckoutCompleteResponse, fromCents, type OrderTotals } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import type { CardPaymentAttempt } from '../../payment';
import type { PickupLine } from '../pickup-lines';

/** What the stop's order form holds when the customer pays. */
export interface PickupOrderDraft {
  stopId: number;
  /** The chosen slot's start (ISO), as the stop's answer gave it. */
  slotStart: string;
  lines: readonly PickupLine[];
  totals: OrderTotals;
  name: string;
  email: string;
  phone: string;
  /** The discount code applied, if any: its share is already off `totals`, and the server checks it again. */
  discountCode?: string;
}

/**
 * The checkout's body for a pickup order: no shipping, the tip apart, the contact in `pickup` (an
 * empty e-mail or phone left out), the discount code if one is applied. Each line names its
 * drink's options; the server prices them.
 */
export function pickupCheckoutBody(draft: PickupOrderDraft, { sourceId, idempotencyKey }: CardPaymentAttempt): CheckoutCompleteInput {
  const email = draft.email.trim();
  const phone = draft.phone.trim();
  return {
    sourceId,
    amount: fromCents(draft.totals.total),
    shippingCost: 0,
    taxAmount: fromCents(draft.totals.tax),
    tipAmount: fromCents(draft.totals.tip),
    cartItems: draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.name, options: [...line.options] })),
    idempotencyKey,
    pickup: { stopId: draft.stopId, slotStart: draft.slotStart, name: draft.name.trim(), ...(email ? { email } : {}), ...(phone ? { phone } : {}) },
    ...(draft.discountCode ? { discountCode: draft.discountCode } : {}),
  };
}

/**
 * POST /api/square/checkout/complete with `pickup`: the server prices the drinks, claims the
 * place in the slot (a 409 with the customer's sentence when it cannot: nothing is charged) and
 * charges once per key. Its answer's `orderPath` is the order page with its signed token, which a
 * guest needs to open it.
 */
export const completePickupCheckout = (body: CheckoutCompleteInput) =>
  apiFetch<CheckoutCompleteResponse>('/api/square/checkout/complete', { method: 'POST', body });
