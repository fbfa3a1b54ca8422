import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailPreview } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { mailTemplatesQueryOptions } from './mail-templates';

/** GET /api/mail/templates/{name}/preview: subject, HTML and text rendered with sample data. */
export const mailPreviewQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...mailTemplatesQueryOptions.queryKey, name, 'preview'] as const,
    queryFn: ({ signal }) => adminGet<MailPreview>(`/api/mail/templates/${encodeURIComponent(name)}/preview`, signal),
  });

export const useMailPreview = (name: string | undefined) => useQuery({ ...mailPreviewQueryOptions(name ?? ''), enabled: name !== undefined });
