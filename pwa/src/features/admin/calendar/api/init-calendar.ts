import type { InitCalendarResult } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { invalidateCalendar } from './calendar-status';

/** POST /api/events/init-calendar. */
const initCalendar = () => apiFetch<InitCalendarResult>('/api/events/init-calendar', { method: 'POST' });

export const useInitCalendar = () =>
  useOwnerChange({
    mutationFn: initCalendar,
    done: (result) => ['Calendars synced', `Imported ${result?.imported ?? 0}, updated ${result?.updated ?? 0}, failed ${result?.failed ?? 0}.`],
    failed: ['Calendar error', 'Failed to initialise the calendar.'],
    refresh: invalidateCalendar,
  });
