import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Summary } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

/** GET /api/admin/summary: the week at a glance; fresh each time the tab opens, and every minute while it is open. */
export const summaryQueryOptions = queryOptions({
  queryKey: ['admin', 'summary'] as const,
  queryFn: ({ signal }) => adminGet<Summary>('/api/admin/summary', signal),
  staleTime: 0,
  refetchInterval: 60_000,
});

export const useSummary = () => useQuery(summaryQueryOptions);
