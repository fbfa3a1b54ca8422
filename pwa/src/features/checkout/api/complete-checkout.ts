import type { CheckoutCompleteInput, CheckoutCompleteResponse } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/square/checkout/complete: the server re-prices the cart and charges once per key. */
export const completeCheckout = (body: CheckoutCompleteInput) => apiFetch<CheckoutCompleteResponse>('/api/square/checkout/complete', { method: 'POST', body });
