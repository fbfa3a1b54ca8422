import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CspReport } from '@cocoa/shared-types';
import { adminGetList } from '../../shared/api/admin-get';

/** GET /api/admin/csp-reports: what browsers reported the pages' security policy blocked, newest first. */
const fetchCspReports = (signal?: AbortSignal) => adminGetList<CspReport>('/api/admin/csp-reports', signal);

export const cspReportsQueryOptions = queryOptions({
  queryKey: ['admin', 'csp-reports'] as const,
  queryFn: ({ signal }) => fetchCspReports(signal),
  staleTime: 0,
});

export const useCspReports = () => useQuery(cspReportsQueryOptions);
