import type { BookingCreated, BookingRequest } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/bookings: the request (parsed by the shared schema); answers the reference and the status page's path with its token. */
export const createBooking = (request: BookingRequest) => apiFetch<BookingCreated>('/api/bookings', { method: 'POST', body: request });
