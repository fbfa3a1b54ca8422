import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalPageKind, LegalPageView } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/legal-pages/{kind}: the page as sanitised HTML, with the booking and session rules in force written in. */
const fetchLegalPage = (kind: LegalPageKind, signal?: AbortSignal) => apiFetch<LegalPageView>(`/api/legal-pages/${kind}`, { signal });

/**
 * Public and persisted with the query cache (and the service worker's copy): a page read once opens
 * offline. Asked again on each visit (a 304 when unchanged), so an owner's edit shows at once.
 */
export const legalPageQueryOptions = (kind: LegalPageKind) =>
  queryOptions({
    queryKey: ['legal-page', kind] as const,
    queryFn: ({ signal }) => fetchLegalPage(kind, signal),
  });

export const useLegalPage = (kind: LegalPageKind) => useQuery(legalPageQueryOptions(kind));
