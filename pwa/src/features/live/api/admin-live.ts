import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LiveCheckInInput,
  type LiveHistoryEntry,
  type LiveReverseGeocode,
  type LiveState,
  type LiveStatusChange,
  type ScheduledEvent,
  dayIn,
  DEFAULT_SHOP_TIME_ZONE,
  liveHeadline,
  liveSoldOutLine,
  startOfDayIn,
} from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { QUEUED, QUEUED_TOAST } from '../../../lib/outbox';
import { errorToast, toast } from '../../../ui/toast-store';
import { liveQueryKey, type LiveSnapshot } from './live-snapshot';
import { prefetchLiveState, receiveLiveValue } from './live-state';

/**
 * The owner's side of the live tracker: check in at one of today's stops or somewhere
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

/**
 * GET /api/events?from=<today>&to=<tomorrow>: the stops the owner can check in at. They are
 * public, so unlike the admin's other data they are kept on the device with the catalogue
 * (query-client.ts): loaded when the admin opens (`prefetchCartDay`), they are there when the
 * signal drops at the park, and after a restart of the app.
 */
export const todayStopsQueryOptions = (timeZone: string, now = new Date()) => {
  const { today, tomorrow } = shopDays(timeZone, now);
  return queryOptions({
    queryKey: ['stops', 'today', today] as const,
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

/**
 * What the tablet needs at the cart before the signal drops: the cart's state and today's stops
 * in the shop's zone (its zone comes with the state). Called as the admin opens; never rejects.
 */
export async function prefetchCartDay(client: QueryClient): Promise<void> {
  await prefetchLiveState(client);
  const timeZone = client.getQueryData<LiveSnapshot>(liveQueryKey)?.state.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  await client.prefetchQuery(todayStopsQueryOptions(timeZone));
}

/** GET /api/admin/live/reverse-geocode?lat=&lng=: a name for the tablet's position. */
export const reverseGeocode = (latitude: number, longitude: number, signal?: AbortSignal) =>
  adminRead<LiveReverseGeocode>(`/api/admin/live/reverse-geocode?${new URLSearchParams({ lat: String(latitude), lng: String(longitude) }).toString()}`, signal);

/** One change of the owner's, as the tablet's offline queue keeps it. */
export type LiveOwnerChange = { kind: 'live-check-in'; body: LiveCheckInInput } | { kind: 'live-status'; body: LiveStatusChange } | { kind: 'live-check-out' };

const LIVE_CHANGE_PATHS: Record<LiveOwnerChange['kind'], string> = {
  'live-check-in': '/api/admin/live/check-in',
  'live-status': '/api/admin/live/status',
  'live-check-out': '/api/admin/live/check-out',
};

/** Sends one change; `key` (its Idempotency-Key) makes a replay count once. Answers the new state, unparsed. */
export const sendLiveChange = (change: LiveOwnerChange, key?: string) =>
  apiFetch<unknown>(LIVE_CHANGE_PATHS[change.kind], { method: 'POST', body: 'body' in change ? change.body : undefined, idempotencyKey: key });

/**
 * How the hooks send a change: at once by default. The admin passes its offline queue, which
 * answers QUEUED when it kept the change on the tablet to send later.
 */
export type LiveChangeDispatch = (change: LiveOwnerChange) => Promise<unknown>;
const sendNow: LiveChangeDispatch = (change) => sendLiveChange(change);

/** Every change answers the new state: shown at once here and in every view of this tab. */
function useLiveChange<T>(
  toChange: (input: T) => LiveOwnerChange,
  dispatch: LiveChangeDispatch,
  messages: { success: (state: LiveState | null, input: T) => [string, string?]; error: [string, string] },
) {
  const client = useQueryClient();
  return useMutation({
    // Run offline too: the change is then kept on the tablet (change-queue.ts) rather than paused.
    networkMode: 'always',
    mutationFn: async (input: T): Promise<LiveState | null | typeof QUEUED> => {
      const answer = await dispatch(toChange(input));
      if (answer === QUEUED) return QUEUED;
      const state = await receiveLiveValue(client, answer);
      if (!state) void client.invalidateQueries({ queryKey: liveQueryKey });
      return state;
    },
    onSuccess: (state, input) => {
      if (state === QUEUED) return toast(QUEUED_TOAST.title, QUEUED_TOAST.description);
      toast(...messages.success(state, input));
      return client.invalidateQueries({ queryKey: liveHistoryKey });
    },
    onError: (error) => errorToast(messages.error[0], messageOf(error, messages.error[1])),
  });
}

const headlineOf = (state: LiveState | null) => (state && liveHeadline(state)) ?? undefined;

/** POST /api/admin/live/check-in: { stopId } or { place: { label, latitude, longitude } }. */
export const useLiveCheckIn = (dispatch = sendNow) =>
  useLiveChange((body: LiveCheckInInput) => ({ kind: 'live-check-in', body }), dispatch, {
    success: (state) => ["You're checked in", headlineOf(state)],
    error: ['Check-in failed', 'Could not check in. Please try again.'],
  });

/** POST /api/admin/live/status: one change while checked in. */
export const useLiveStatus = (dispatch = sendNow) =>
  useLiveChange((body: LiveStatusChange) => ({ kind: 'live-status', body }), dispatch, {
    success: (state, body) =>
      body.status === 'back-in-stock'
        ? ['Back in stock', `${body.product.trim()} is back in stock.`]
        : body.status === 'sold-out'
          ? ['Marked sold out', (state && liveSoldOutLine(state)) ?? undefined]
          : ['Status updated', headlineOf(state)],
    error: ['Status not changed', 'Could not change the status. Please try again.'],
  });

/** POST /api/admin/live/check-out. */
export const useLiveCheckOut = (dispatch = sendNow) =>
  useLiveChange((_: void) => ({ kind: 'live-check-out' }), dispatch, {
    success: () => ['Checked out', 'Visitors no longer see the cart as here.'],
    error: ['Check-out failed', 'Could not check out. Please try again.'],
  });
