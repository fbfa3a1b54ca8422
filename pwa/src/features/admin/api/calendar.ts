import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarIdInput, CalendarStatus, InitCalendarResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from './admin-get';
import { eventsQueryOptions } from '../../events';
import { adminEventsKey } from './events';
import { STATUS_POLL_MS } from './square';

/** GET /api/events/calendar/status: status, geocoding, calendars (polled every 30 s). */
export async function fetchCalendarStatus(signal?: AbortSignal): Promise<CalendarStatus> {
  return normaliseStatus(await adminGet<Partial<CalendarStatus>>('/api/events/calendar/status', signal));
}

const normaliseStatus = (answer: Partial<CalendarStatus> | undefined): CalendarStatus => ({
  status: answer?.status ?? 'disconnected',
  geocoding: answer?.geocoding ?? 'unavailable',
  calendars: Array.isArray(answer?.calendars) ? answer.calendars : [],
});

export const calendarStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'calendar', 'status'] as const,
  queryFn: ({ signal }) => fetchCalendarStatus(signal),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 0,
});

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions);

export type CalendarAction = 'set-active' | 'add-custom' | 'set-primary' | 'remove-custom';

/** POST /api/events/init-calendar. */
export const initCalendar = () => apiFetch<InitCalendarResult>('/api/events/init-calendar', { method: 'POST' });
/**
 * POST /api/events/calendar/{set-active|add-custom|set-primary|remove-custom} {calendarId} (the
 * feed URL; add-custom may carry a name, set-active an active flag); answers the new status.
 */
export const calendarAction = ({ action, ...body }: { action: CalendarAction } & CalendarIdInput) =>
  apiFetch<CalendarStatus>(`/api/events/calendar/${action}`, { method: 'POST', body });

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
      client.invalidateQueries({ queryKey: adminEventsKey }),
      client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey }),
    ]);
}

export function useInitCalendar() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: initCalendar,
    onSuccess: (result) => {
      toast('Calendars synced', `Imported ${result?.imported ?? 0}, updated ${result?.updated ?? 0}, failed ${result?.failed ?? 0}.`);
      return invalidate();
    },
    onError: (error) => errorToast('Calendar error', messageOf(error, 'Failed to initialise the calendar.')),
  });
}

export function useCalendarAction() {
  const client = useQueryClient();
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: calendarAction,
    onSuccess: (status, { action, active }) => {
      toast('Calendar updated', action === 'set-active' && active === false ? 'Calendar deactivated.' : DONE[action]);
      if (status) client.setQueryData(calendarStatusQueryOptions.queryKey, normaliseStatus(status));
      return invalidate();
    },
    // A feed the server could not fetch or read is not added: the toast says so and why.
    onError: (error, { action }) =>
      action === 'add-custom' ? errorToast('Calendar not added', messageOf(error, 'Failed to add the calendar.')) : errorToast('Calendar error', messageOf(error, 'Failed to update the calendar.')),
  });
}
