import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminBookingDetail,
  type AdminBookingsPage,
  type AdminBookingSummary,
  addMonths,
  type BlockedDay,
  type BookingPackage,
  type BookingPackageInput,
  type BookingRescheduled,
  type BookingRescheduleInput,
  type BookingSettings,
  type BookingState,
  type BookingTrackerChoice,
  formatCents,
  NEXT_CURSOR_HEADER,
  type ScheduledEvent,
} from '@cocoa/shared-types';
import { apiFetch, apiFetchWithHeaders, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { bookingPackagesQueryOptions } from '../../bookings';
import { adminGet, adminGetList } from './admin-get';

/** Everything of the Bookings tab: a change invalidates under this key. */
const BOOKINGS_KEY = ['admin', 'bookings'] as const;

// --- The list and a month -----------------------------------------------------------------------

export interface BookingsFilter {
  state?: BookingState;
  month?: string;
  page?: number;
}

function search(filter: BookingsFilter): string {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.month) params.set('month', filter.month);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/bookings?state&month&page: a page by event day, with each state's count. */
export const fetchAdminBookings = (filter: BookingsFilter, signal?: AbortSignal) => adminGet<AdminBookingsPage>(`/api/admin/bookings${search(filter)}`, signal);

export const adminBookingsQueryOptions = (filter: BookingsFilter) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'list', filter] as const,
    queryFn: ({ signal }) => fetchAdminBookings(filter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminBookings = (filter: BookingsFilter) => useQuery(adminBookingsQueryOptions(filter));

/** Every booking of a month (all pages of the list with the month filter). */
async function fetchMonthBookings(month: string, signal?: AbortSignal): Promise<AdminBookingSummary[]> {
  const all: AdminBookingSummary[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchAdminBookings({ month, page }, signal);
    all.push(...answer.bookings);
    if (answer.bookings.length === 0 || page * answer.pageSize >= answer.total) return all;
  }
}

/**
 * GET /api/events?from=&to= for a month, the shop's days: a bare date is midnight in the shop's
 * zone, so the stops are those of the shop's month wherever the tablet is.
 */
async function fetchMonthStops(month: string, signal?: AbortSignal): Promise<ScheduledEvent[]> {
  const stops: ScheduledEvent[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ from: `${month}-01`, to: `${addMonths(month, 1)}-01` });
    if (cursor) query.set('cursor', cursor);
    const { data, headers } = await apiFetchWithHeaders<unknown>(`/api/events?${query.toString()}`, { signal, cache: 'no-store' });
    if (Array.isArray(data)) stops.push(...(data as ScheduledEvent[]));
    cursor = headers?.get?.(NEXT_CURSOR_HEADER) || null;
  } while (cursor);
  return stops;
}

export interface BookingMonth {
  bookings: AdminBookingSummary[];
  stops: ScheduledEvent[];
  blocked: BlockedDay[];
}

/** The month view: its bookings, the scheduled stops and the blocked days. */
export const bookingMonthQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'month', month] as const,
    queryFn: async ({ signal }): Promise<BookingMonth> => {
      const [bookings, stops, blocked] = await Promise.all([
        fetchMonthBookings(month, signal),
        fetchMonthStops(month, signal),
        adminGetList<BlockedDay>(`/api/admin/booking/blocked-days?month=${month}`, signal),
      ]);
      return { bookings, stops, blocked };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useBookingMonth = (month: string) => useQuery(bookingMonthQueryOptions(month));

// --- One booking and its moves ----------------------------------------------------------------------

/** GET /api/admin/bookings/{id}: the whole booking, its thread, payments and the day's clashes. */
export const fetchAdminBooking = (id: number, signal?: AbortSignal) => adminGet<AdminBookingDetail>(`/api/admin/bookings/${id}`, signal);

export const adminBookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => fetchAdminBooking(id, signal),
    staleTime: 0,
  });

export const useAdminBooking = (id: number) => useQuery(adminBookingQueryOptions(id));

type Move = { kind: 'accept'; body: { quoteCents?: number; note: string | null; tracker?: BookingTrackerChoice } } | { kind: 'decline'; body: { message: string } } | { kind: 'cancel'; body: { refundCents: number; message: string } } | { kind: 'complete'; body: Record<string, never> };

/** POST /api/admin/bookings/{id}/{accept|decline|cancel|complete}: answers the booking as it now is. */
export const moveBooking = (id: number, move: Move) => apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/${move.kind}`, { method: 'POST', body: move.body });

const DONE: Record<Move['kind'], (b: AdminBookingDetail) => [string, string]> = {
  accept: (b) => [`Booking ${b.reference} accepted`, b.state === 'confirmed' ? 'No deposit asked: the booking is confirmed.' : 'The customer has been e-mailed the quote and the link to pay the deposit.'],
  decline: (b) => [`Booking ${b.reference} declined`, 'The customer has been e-mailed your message.'],
  cancel: (b) => [`Booking ${b.reference} cancelled`, 'The customer has been e-mailed.'],
  complete: (b) => [`Booking ${b.reference} completed`, 'Marked as done.'],
};

/** A move: the detail is replaced with the answer, the lists and month refreshed; a refusal shows the booking as it is. */
export function useMoveBooking(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: Move) => moveBooking(id, move),
    onSuccess: (booking, move) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      toast(...DONE[move.kind](booking));
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'list' || q.queryKey[2] === 'month' });
    },
    onError: (error) => {
      errorToast('Could not update the booking', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}

/** PUT /api/admin/bookings/{id}/tracker: whether the booking shows on the tracker; its stop follows at once when confirmed. */
export const setBookingTracker = (id: number, tracker: BookingTrackerChoice) => apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/tracker`, { method: 'PUT', body: { tracker } });

export function useSetBookingTracker(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tracker: BookingTrackerChoice) => setBookingTracker(id, tracker),
    onSuccess: (booking) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      toast('Tracker choice saved', booking.stopId !== null ? 'The booking shows on the tracker.' : 'The booking does not show on the tracker now.');
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'month' });
    },
    onError: (error) => {
      errorToast('Could not change the tracker choice', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}

/** POST /api/admin/bookings/{id}/refunds/{refundId}/retry: a failed refund asked of Square again; answers the booking as it now is. */
export const retryBookingRefund = (id: number, refundId: string) => apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/refunds/${refundId}/retry`, { method: 'POST', body: {} });

export function useRetryBookingRefund(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => retryBookingRefund(id, refundId),
    onSuccess: (booking, refundId) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      const refund = booking.payments.find((p) => p.id === refundId);
      if (refund?.status === 'failed') errorToast('The refund failed again', booking.events.at(-1)?.note ?? 'Make it in the Square Dashboard, or try again later.');
      else toast('Refund sent again', `${formatCents(refund?.amountCents ?? 0)} is on its way back to the customer.`);
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'list' });
    },
    onError: (error) => {
      errorToast('Could not retry the refund', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}

/** POST /api/admin/bookings/{id}/reschedule: the booking moved to another day and times; answers it with the warnings about the new day. */
export const rescheduleBooking = (id: number, body: BookingRescheduleInput) => apiFetch<BookingRescheduled>(`/api/admin/bookings/${id}/reschedule`, { method: 'POST', body });

/**
 * Moving a booking: its detail is replaced with the answer; the lists, months and the other
 * bookings' details are refreshed (the old and the new day's clashes changed too). A refusal is
 * the dialog's to show.
 */
export function useRescheduleBooking(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRescheduleInput) => rescheduleBooking(id, body),
    onSuccess: ({ warnings: _warnings, ...booking }) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      toast(`Booking ${booking.reference} moved`, 'The customer has been e-mailed the new date and time.');
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'list' || q.queryKey[2] === 'month' || (q.queryKey[2] === 'detail' && q.queryKey[3] !== id) });
    },
  });
}

// --- Blocked days -------------------------------------------------------------------------------

/** POST /api/admin/booking/blocked-days and DELETE …/{date}: no new request can pick a blocked day. */
export function useBlockDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, block, note }: { date: string; block: boolean; note?: string }): Promise<void> => {
      if (block) await apiFetch<BlockedDay>('/api/admin/booking/blocked-days', { method: 'POST', body: { date, note: note || null } });
      else await apiFetch<void>(`/api/admin/booking/blocked-days/${date}`, { method: 'DELETE' });
    },
    onSuccess: (_answer, { block }) => {
      toast(block ? 'Day blocked' : 'Day unblocked', block ? 'No new booking request can choose it.' : 'Customers can ask for it again.');
      return client.invalidateQueries({ queryKey: [...BOOKINGS_KEY, 'month'] });
    },
    onError: (error) => errorToast('Could not change the day', messageOf(error, 'Please try again.')),
  });
}

// --- Packages -----------------------------------------------------------------------------------

/** GET /api/admin/booking/packages: every package, active or not. */
export const adminPackagesQueryOptions = queryOptions({
  queryKey: [...BOOKINGS_KEY, 'packages'] as const,
  queryFn: ({ signal }) => adminGetList<BookingPackage>('/api/admin/booking/packages', signal),
  staleTime: 0,
});

export const useAdminPackages = () => useQuery(adminPackagesQueryOptions);

/** POST /api/admin/booking/packages or PUT …/{id}; the customers' list is refreshed too. */
export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BookingPackageInput }) =>
      id ? apiFetch<BookingPackage>(`/api/admin/booking/packages/${id}`, { method: 'PUT', body }) : apiFetch<BookingPackage>('/api/admin/booking/packages', { method: 'POST', body }),
    onSuccess: (saved, { id }) => {
      toast(id ? 'Package saved' : 'Package added', saved.active ? `${saved.name} is offered to customers.` : `${saved.name} is hidden from customers.`);
      return Promise.all([client.invalidateQueries({ queryKey: adminPackagesQueryOptions.queryKey }), client.invalidateQueries({ queryKey: bookingPackagesQueryOptions.queryKey })]);
    },
  });
}

// --- Settings -----------------------------------------------------------------------------------

export type BookingSettingsView = BookingSettings & { policyText: string };

export const bookingSettingsQueryOptions = queryOptions({
  queryKey: [...BOOKINGS_KEY, 'settings'] as const,
  queryFn: ({ signal }) => adminGet<BookingSettingsView>('/api/admin/booking/settings', signal),
  staleTime: 0,
});

export const useBookingSettings = () => useQuery(bookingSettingsQueryOptions);

/** PUT /api/admin/booking/settings: every setting at once. */
export function useSaveBookingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingSettings) => apiFetch<BookingSettingsView>('/api/admin/booking/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(bookingSettingsQueryOptions.queryKey, saved);
      toast('Booking settings saved', 'New requests and quotes follow them from now on.');
    },
  });
}
