import type { CreateFromPaymentInput, CreateFromPaymentResponse } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/orders/create-from-payment: the order of a payment the buyer returns from. */
export const createOrderFromPayment = (body: CreateFromPaymentInput) =>
  apiFetch<CreateFromPaymentResponse>('/api/orders/create-from-payment', { method: 'POST', body });
