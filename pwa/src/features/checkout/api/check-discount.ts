import type { DiscountCheckInput, DiscountCheckResponse } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/checkout/discount: what a code takes off this cart, or the server's message why not (4xx). */
export const checkDiscount = (body: DiscountCheckInput) => apiFetch<DiscountCheckResponse>('/api/checkout/discount', { method: 'POST', body });
