import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { GoLiveChecklist, GoLiveTestMail } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminGet } from '../../shared/api/admin-get';

export const goLiveQueryOptions = queryOptions({
  queryKey: ['admin', 'go-live'] as const,
  queryFn: ({ signal }) => adminGet<GoLiveChecklist>('/api/admin/go-live', signal),
  staleTime: 0,
});

/** GET /api/admin/go-live: each step of going live, done or what is missing (computed by the server). */
export const useGoLiveChecklist = () => useQuery(goLiveQueryOptions);

/** POST /api/admin/go-live/test-mail: a message to the shop's mailbox whose link ticks the mail line. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: () => apiFetch<GoLiveTestMail>('/api/admin/go-live/test-mail', { method: 'POST' }),
    onSuccess: ({ to }) => toast('Test e-mail sent', `Open it at ${to} and follow its link.`),
    onError: (error) => errorToast('Test e-mail not sent', messageOf(error, 'Failed to send the test e-mail.')),
  });
}
