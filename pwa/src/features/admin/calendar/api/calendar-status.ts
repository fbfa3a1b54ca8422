import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { CalendarStatus } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { eventsQueryOptions } from '../../../events';
import { adminEventsKey } from './events';
import { statusQueryOptions } from '../../shared/api/status-poll';

/** GET /api/events/calendar/status: status, geocoding, calendars (polled every 30 s). */
export async function fetchCalendarStatus(signal?: AbortSignal): Promise<CalendarStatus> {
  return normaliseStatus(await adminGet<Partial<CalendarStatus>>('/api/events/calendar/status', signal));
}

export const normaliseStatus = (answer: Partial<CalendarStatus> | undefined): CalendarStatus => ({
  status: answer?.status ?? 'disconnected',
  geocoding: answer?.geocoding ?? 'unavailable',
  calendars: Array.isArray(answer?.calendars) ? answer.calendars : [],
});

export const calendarStatusQueryOptions = statusQueryOptions(['admin', 'calendar', 'status'], fetchCalendarStatus);

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions);

/** A calendar change reaches the status, the scheduler's lists and the public events at once. */
export function invalidateCalendar(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: calendarStatusQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: adminEventsKey }),
    client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey }),
  ]);
}
