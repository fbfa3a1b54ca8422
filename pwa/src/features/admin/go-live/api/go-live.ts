import { useQuery } from '@tanstack/react-query';
import type { GoLiveChecklist, GoLiveTestMail } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { adminQueryOptions, useOwnerChange } from '../../api/owner-api';

export const goLiveQueryOptions = adminQueryOptions<GoLiveChecklist>(['admin', 'go-live'], '/api/admin/go-live');

/** GET /api/admin/go-live: each step of going live, done or what is missing (computed by the server). */
export const useGoLiveChecklist = () => useQuery(goLiveQueryOptions);

/** POST /api/admin/go-live/test-mail: a message to the shop's mailbox whose link ticks the mail line. */
export const useSendTestMail = () =>
  useOwnerChange({
    mutationFn: () => apiFetch<GoLiveTestMail>('/api/admin/go-live/test-mail', { method: 'POST' }),
    done: ({ to }) => ['Test e-mail sent', `Open it at ${to} and follow its link.`],
    failed: ['Test e-mail not sent', 'Failed to send the test e-mail.'],
  });
