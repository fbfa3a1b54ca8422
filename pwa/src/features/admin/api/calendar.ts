import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { eventsQueryOptions } from '../../events';
import { adminEventsQueryOptions } from './events';
import { STATUS_POLL_MS } from './square';

export type CalendarConnection = 'connected' | 'partial' | 'error' | 'disconnected';

export interface CalendarEntry {
  id: string;
  primary?: boolean;
  active?: boolean;
  custom?: boolean;
  name?: string | null;
  summary?: string | null;
  url?: string | null;
}

export interface CalendarStatus {
  status: CalendarConnection | string;
  geocoding: 'available' | 'unavailable' | string;
  calendars: CalendarEntry[];
  activeCalendarId?: string | null;
  message?: string | null;
}

/** GET /api/events/calendar/status: status, geocoding, calendars (polled every 30 s). */
export async function fetchCalendarStatus(signal?: AbortSignal): Promise<CalendarStatus> {
  const answer = await apiFetch<Partial<CalendarStatus>>('/api/events/calendar/status', { signal });
  return {
    ...answer,
    status: answer?.status ?? 'disconnected',
    geocoding: answer?.geocoding ?? 'unavailable',
    calendars: Array.isArray(answer?.calendars) ? answer.calendars : [],
  };
}

export const calendarStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'calendar', 'status'] as const,
  queryFn: ({ signal }) => fetchCalendarStatus(signal),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 0,
});

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions);

export type CalendarAction = 'set-active' | 'add-custom' | 'set-primary' | 'remove-custom';

/** POST /api/events/init-calendar. */
export const initCalendar = () => apiFetch<unknown>('/api/events/init-calendar', { method: 'POST' });
/** POST /api/events/calendar/{set-active|add-custom|set-primary|remove-custom} {calendarId}. */
export const calendarAction = ({ action, calendarId }: { action: CalendarAction; calendarId: string }) =>
  apiFetch<unknown>(`/api/events/calendar/${action}`, { method: 'POST', body: { calendarId } });

const DONE: Record<CalendarAction, string> = {
  'set-active': 'Active calendar changed.',
  'add-custom': 'Calendar added.',
  'set-primary': 'Primary calendar changed.',
  'remove-custom': 'Calendar removed.',
};

function useInvalidateCalendar() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: calendarStatusQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: adminEventsQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey }),
    ]);
}

export function useInitCalendar() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: initCalendar,
    onSuccess: () => {
      toast('Calendar initialised', 'The calendar integration is ready.');
      return invalidate();
    },
    onError: (error) => errorToast('Calendar error', messageOf(error, 'Failed to initialise the calendar.')),
  });
}

export function useCalendarAction() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: calendarAction,
    onSuccess: (_, { action }) => {
      toast('Calendar updated', DONE[action]);
      return invalidate();
    },
    onError: (error) => errorToast('Calendar error', messageOf(error, 'Failed to update the calendar.')),
  });
}
