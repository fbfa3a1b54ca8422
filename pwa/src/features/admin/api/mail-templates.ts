import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailPreview, MailTemplateInfo } from '@cocoa/shared-types';
import { adminGet, adminGetList } from './admin-get';

/** GET /api/mail/templates: every e-mail the shop sends, name and label. */
export const mailTemplatesQueryOptions = queryOptions({
  queryKey: ['admin', 'mail-templates'] as const,
  queryFn: ({ signal }) => adminGetList<MailTemplateInfo>('/api/mail/templates', signal),
});

export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions);

/** GET /api/mail/templates/{name}/preview: subject, HTML and text rendered with sample data. */
export const mailPreviewQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...mailTemplatesQueryOptions.queryKey, name, 'preview'] as const,
    queryFn: ({ signal }) => adminGet<MailPreview>(`/api/mail/templates/${encodeURIComponent(name)}/preview`, signal),
  });

export const useMailPreview = (name: string | undefined) => useQuery({ ...mailPreviewQueryOptions(name ?? ''), enabled: name !== undefined });
