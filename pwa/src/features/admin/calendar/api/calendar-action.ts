import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarIdInput, CalendarStatus } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { normaliseStatus, calendarStatusQueryOptions, invalidateCalendar } from './calendar-status';

export type CalendarAction = 'set-active' | 'add-custom' | 'set-primary' | 'remove-custom';

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

export function useCalendarAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: calendarAction,
    onSuccess: (status, { action, active }) => {
      toast('Calendar updated', action === 'set-active' && active === false ? 'Calendar deactivated.' : DONE[action]);
      if (status) client.setQueryData(calendarStatusQueryOptions.queryKey, normaliseStatus(status));
      return invalidateCalendar(client);
    },
    // A feed the server could not fetch or read is not added: the toast says so and why.
    onError: (error, { action }) =>
      action === 'add-custom'
        ? errorToast('Calendar not added', messageOf(error, 'Failed to add the calendar.'))
        : errorToast('Calendar error', messageOf(error, 'Failed to update the calendar.')),
  });
}
