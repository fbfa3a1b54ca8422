import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupInfo } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

export type Backup = BackupInfo;

/** GET /api/database/backups: backups[] (filename, created, size, kind), newest first. */
export async function fetchBackups(signal?: AbortSignal): Promise<Backup[]> {
  const answer = await adminGet<{ backups?: Backup[] } | Backup[]>('/api/database/backups', signal);
  const backups = Array.isArray(answer) ? answer : Array.isArray(answer?.backups) ? answer.backups : [];
  const time = (b: Backup) => new Date(b.created).getTime() || 0;
  return [...backups].sort((a, b) => time(b) - time(a));
}

export const backupsQueryOptions = queryOptions({
  queryKey: ['admin', 'backups'] as const,
  queryFn: ({ signal }) => fetchBackups(signal),
  staleTime: 0,
});

export const useBackups = () => useQuery(backupsQueryOptions);
