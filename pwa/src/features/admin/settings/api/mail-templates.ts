import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailTemplateInfo } from '@cocoa/shared-types';
import { adminGetList } from '../../shared/api/admin-get';

/** GET /api/mail/templates: every e-mail the shop sends, name and label. */
export const mailTemplatesQueryOptions = queryOptions({
  queryKey: ['admin', 'mail-templates'] as const,
  queryFn: ({ signal }) => adminGetList<MailTemplateInfo>('/api/mail/templates', signal),
});

export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions);
