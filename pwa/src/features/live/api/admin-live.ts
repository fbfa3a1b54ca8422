import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LiveCheckInInput, type LiveHistoryEntry, type LiveReverseGeocode, type LiveState, type LiveStatusChange, type ScheduledEvent,
  dayIn, liveHeadline, liveSoldOutLine, startOfDayIn,
} from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { liveQueryKey, receiveLiveValue } from './live-state';

/**
 * The owner's side of the live tracker (issue 15): check in at one of today's stops or somewhere
 * else, change the status, check out; the history of changes. Admin reads skip every cache.
 */
const adminRead = <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal, cache: 'no-store' });

export const liveHistoryKey = ['admin', 'live', 'history'] as const;

/** GET /api/admin/live/history: the latest changes, newest first. */
export const liveHistoryQueryOptions = () =>
  queryOptions({
    queryKey: liveHistoryKey,
    queryFn: async ({ signal }) => {
      const data = await adminRead<unknown>('/api/admin/live/history', signal);
      if (!Array.isArray(data)) console.warn('Expected a list from /api/admin/live/history, got', data);
      return Array.isArray(data) ? (data as LiveHistoryEntry[]) : [];
    },
    staleTime: 0,
  });

export const useLiveHistory = () => useQuery(liveHistoryQueryOptions());

/** Today and tomorrow ('YYYY-MM-DD') in the shop's zone: the API reads a bare date as its midnight. */
function shopDays(timeZone: string, now = new Date()): { today: string; tomorrow: string } {
  return { today: dayIn(now, timeZone), tomorrow: dayIn(startOfDayIn(now, timeZone, 1), timeZone) };
}

/** GET /api/events?from=<today>&to=<tomorrow>: the stops the owner can check in at. */
export const todayStopsQueryOptions = (timeZone: string, now = new Date()) => {
  const { today, tomorrow } = shopDays(timeZone, now);
  return queryOptions({
    queryKey: ['admin', 'live', 'today-stops', today] as const,
    queryFn: async ({ signal }) => {
      const path = `/api/events?${new URLSearchParams({ from: today, to: tomorrow }).toString()}`;
      const data = await adminRead<unknown>(path, signal);
      if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
      return Array.isArray(data) ? (data as ScheduledEvent[]) : [];
    },
    staleTime: 0,
  });
};

export const useTodayStops = (timeZone: string) => useQuery(todayStopsQueryOptions(timeZone));

/** GET /api/admin/live/reverse-geocode?lat=&lng=: a name for the tablet's position. */
export const reverseGeocode = (latitude: number, longitude: number, signal?: AbortSignal) =>
  adminRead<LiveReverseGeocode>(`/api/admin/live/reverse-geocode?${new URLSearchParams({ lat: String(latitude), lng: String(longitude) }).toString()}`, signal);

const post = (path: string, body?: unknown) => apiFetch<unknown>(path, { method: 'POST', body });

/** Every change answers the new state: shown at once here and in every view of this tab. */
function useLiveChange<T>(call: (input: T) => Promise<unknown>, messages: { success: (state: LiveState | null, input: T) => [string, string?]; error: [string, string] }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const answer = await call(input);
      const state = await receiveLiveValue(client, answer);
      if (!state) void client.invalidateQueries({ queryKey: liveQueryKey });
      return state;
    },
    onSuccess: (state, input) => {
      toast(...messages.success(state, input));
      return client.invalidateQueries({ queryKey: liveHistoryKey });
    },
    onError: (error) => errorToast(messages.error[0], messageOf(error, messages.error[1])),
  });
}

const headlineOf = (state: LiveState | null) => (state && liveHeadline(state)) ?? undefined;

/** POST /api/admin/live/check-in: { stopId } or { place: { label, latitude, longitude } }. */
export const useLiveCheckIn = () =>
  useLiveChange((body: LiveCheckInInput) => post('/api/admin/live/check-in', body), {
    success: (state) => ["You're checked in", headlineOf(state)],
    error: ['Check-in failed', 'Could not check in. Please try again.'],
  });

/** POST /api/admin/live/status: one change while checked in. */
export const useLiveStatus = () =>
  useLiveChange((body: LiveStatusChange) => post('/api/admin/live/status', body), {
    success: (state, body) =>
      body.status === 'back-in-stock'
        ? ['Back in stock', `${body.product.trim()} is back in stock.`]
        : body.status === 'sold-out'
          ? ['Marked sold out', (state && liveSoldOutLine(state)) ?? undefined]
          : ['Status updated', headlineOf(state)],
    error: ['Status not changed', 'Could not change the status. Please try again.'],
  });

/** POST /api/admin/live/check-out. */
export const useLiveCheckOut = () =>
  useLiveChange((_: void) => post('/api/admin/live/check-out'), {
    success: () => ['Checked out', 'Visitors no longer see the cart as here.'],
    error: ['Check-out failed', 'Could not check out. Please try again.'],
  });
