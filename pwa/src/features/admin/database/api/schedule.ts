import { useQuery } from '@tanstack/react-query';
import type { BackupSchedule, BackupScheduleInput } from '@cocoa/shared-types';
import { adminQueryOptions, useSaveOwnerSettings } from '../../api/owner-api';
import { backupsQueryOptions } from './list';

const PATH = '/api/database/schedule';

export const backupScheduleQueryOptions = adminQueryOptions<BackupSchedule>(['admin', 'backup-schedule'], PATH);

/** GET /api/database/schedule: the daily backup on or off, how many to keep, when it last ran. */
export const useBackupSchedule = () => useQuery(backupScheduleQueryOptions);

/** PUT /api/database/schedule. */
export const useSaveBackupSchedule = () =>
  useSaveOwnerSettings<BackupScheduleInput, BackupSchedule>(PATH, backupScheduleQueryOptions, {
    done: (saved) => ['Daily backup saved', saved.enabled ? `A backup is taken every night; the newest ${saved.keep} are kept.` : 'The daily backup is off.'],
    failed: ['Error saving the daily backup', 'Failed to save the daily backup.'],
    refresh: (client) => {
      void client.invalidateQueries({ queryKey: ['admin', 'go-live'] });
      // Turned on, it has just taken its first backup.
      void client.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
    },
  });
