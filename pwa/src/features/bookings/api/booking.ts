import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingCancelResult, BookingPaymentKind, BookingPaymentResult, BookingView } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { personalQueryOptions } from '../../../lib/personal-query';

/** '?token=…' for the booking's own routes, or nothing for its signed-in customer. */
const access = (token: string | null) => (token ? `?token=${encodeURIComponent(token)}` : '');
const path = (reference: string, rest = '') => `/api/bookings/${encodeURIComponent(reference)}${rest}`;

/** GET /api/bookings/{reference}[?token=]: the status page's booking (404 when not found or not theirs). */
export const fetchBooking = (reference: string, token: string | null, signal?: AbortSignal) =>
  apiFetch<BookingView>(path(reference, access(token)), { signal, cache: 'no-store' });

/** Contact details: personal data. */
export const bookingQueryOptions = (reference: string, token: string | null, userId: number | null) =>
  personalQueryOptions(['booking', reference, token ?? '', userId ?? 0], (signal) => fetchBooking(reference, token, signal));

export const useBooking = (reference: string, token: string | null, userId: number | null, enabled: boolean) =>
  useQuery({ ...bookingQueryOptions(reference, token, userId), enabled });

/** POST /api/bookings/{reference}/payments: the server computes the amount; the request names the payment and carries the card token. */
export const payBooking = (reference: string, token: string | null, body: { kind: BookingPaymentKind; sourceId: string; idempotencyKey: string }) =>
  apiFetch<BookingPaymentResult>(path(reference, `/payments${access(token)}`), { method: 'POST', body });

/** POST /api/bookings/{reference}/cancel: the refund follows the owner's policy, computed by the server. */
export const cancelBooking = (reference: string, token: string | null, reason: string) =>
  apiFetch<BookingCancelResult>(path(reference, `/cancel${access(token)}`), { method: 'POST', body: { reason } });

/** Cancelling: the page then shows the booking as the server answered it. */
export function useCancelBooking(reference: string, token: string | null, userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelBooking(reference, token, reason),
    onSuccess: (result) => client.setQueryData(bookingQueryOptions(reference, token, userId).queryKey, result.booking),
  });
}
