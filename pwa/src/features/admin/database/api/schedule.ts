import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupSchedule, BackupScheduleInput } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminGet } from '../../shared/api/admin-get';
import { backupsQueryOptions } from './list';

export const backupScheduleQueryOptions = queryOptions({
  queryKey: ['admin', 'backup-schedule'] as const,
  queryFn: ({ signal }) => adminGet<BackupSchedule>('/api/database/schedule', signal),
  staleTime: 0,
});

/** GET /api/database/schedule: the daily backup on or off, how many to keep, when it last ran. */
export const useBackupSchedule = () => useQuery(backupScheduleQueryOptions);

/** PUT /api/database/schedule. */
export function useSaveBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupScheduleInput) => apiFetch<BackupSchedule>('/api/database/schedule', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(backupScheduleQueryOptions.queryKey, saved);
      void client.invalidateQueries({ queryKey: ['admin', 'go-live'] });
      // Turned on, it has just taken its first backup.
      void client.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
      toast('Daily backup saved', saved.enabled ? `A backup is taken every night; the newest ${saved.keep} are kept.` : 'The daily backup is off.');
    },
    onError: (error) => errorToast('Error saving the daily backup', messageOf(error, 'Failed to save the daily backup.')),
  });
}
