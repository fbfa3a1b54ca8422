import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminBookingSummary, addMonths, type BlockedDay, NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchWithHeaders } from '../../../../lib/api-fetch';
import { adminGetList } from '../../shared/api/admin-get';
import { BOOKINGS_KEY } from './key';
import { fetchAdminBookings } from './list';

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
