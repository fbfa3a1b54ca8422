import { useMutation } from '@tanstack/react-query';
import type { InitCalendarResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { useInvalidateCalendar } from './calendar-status';

/** POST /api/events/init-calendar. */
export const initCalendar = () => apiFetch<InitCalendarResult>('/api/events/init-calendar', { method: 'POST' });

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
