import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalPageKind, LegalPagesAdmin, LegalPageView } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { adminGet } from '../../shared/api/admin-get';

/** GET /api/admin/legal-pages: the three pages' Markdown, default text and rendering, and when they were marked reviewed. */
export const legalPagesQueryOptions = queryOptions({
  queryKey: ['admin', 'legal-pages'] as const,
  queryFn: ({ signal }) => adminGet<LegalPagesAdmin>('/api/admin/legal-pages', signal),
  staleTime: 0,
});

export const useLegalPages = () => useQuery(legalPagesQueryOptions);

/** POST /api/admin/legal-pages/preview: the text as the public page would show it, with the rules in force; nothing is stored. */
export const legalPreviewQueryOptions = (markdown: string) =>
  queryOptions({
    queryKey: ['admin', 'legal-pages', 'preview', markdown] as const,
    queryFn: ({ signal }) => apiFetch<{ html: string }>('/api/admin/legal-pages/preview', { method: 'POST', body: { markdown }, signal }),
    staleTime: Infinity,
  });

/** PUT /api/admin/legal-pages/{kind}. */
export function useSaveLegalPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, markdown }: { kind: LegalPageKind; markdown: string }) =>
      apiFetch<LegalPageView>(`/api/admin/legal-pages/${kind}`, { method: 'PUT', body: { markdown } }),
    onSuccess: () => client.invalidateQueries({ queryKey: legalPagesQueryOptions.queryKey, exact: true }),
  });
}

/** POST /api/admin/legal-pages/reviewed: the owner confirms the pages were reviewed (now). */
export function useMarkLegalReviewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ reviewedAt: string }>('/api/admin/legal-pages/reviewed', { method: 'POST', body: {} }),
    onSuccess: ({ reviewedAt }) => client.setQueryData(legalPagesQueryOptions.queryKey, (old) => (old ? { ...old, reviewedAt } : old)),
  });
}
