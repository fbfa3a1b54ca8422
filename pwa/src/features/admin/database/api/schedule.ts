import { useQuery } from '@tanstack/react-query';
import type { BackupSchedule, BackupScheduleInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { adminQueryOptions, useOwnerChange } from '../../api/owner-api';
import { backupsQueryOptions } from './list';

export const backupScheduleQueryOptions = adminQueryOptions<BackupSchedule>(['admin', 'backup-schedule'], '/api/database/schedule');

/** GET /api/database/schedule: the daily backup on or off, how many to keep, when it last ran. */
export const useBackupSchedule = () => useQuery(backupScheduleQueryOptions);

/** PUT /api/database/schedule. */
export const useSaveBackupSchedule = () =>
  useOwnerChange({
    mutationFn: (body: BackupScheduleInput) => apiFetch<BackupSchedule>('/api/database/schedule', { method: 'PUT', body }),
    done: (saved) => ['Daily backup saved', saved.enabled ? `A backup is taken every night; the newest ${saved.keep} are kept.` : 'The daily backup is off.'],
    failed: ['Error saving the daily backup', 'Failed to save the daily backup.'],
    refresh: (client, saved) => {
      client.setQueryData(backupScheduleQueryOptions.queryKey, saved);
      void client.invalidateQueries({ queryKey: ['admin', 'go-live'] });
      // Turned on, it has just taken its first backup.
      void client.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
    },
  });
