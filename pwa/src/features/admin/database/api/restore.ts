import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';

/** POST /api/database/restore/{filename}: replaces all current data. */
export const restoreBackup = (filename: string) => apiFetch<RestoreResult>(`/api/database/restore/${encodeURIComponent(filename)}`, { method: 'POST' });

export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: (answer, filename) => {
      const safety = answer?.safetyBackup ? ` A safety backup of the previous data was saved as ${answer.safetyBackup}.` : '';
      toast('Database restored', `${answer?.message || `The data of ${filename} has been restored.`}${safety}`);
      // every cached answer may be out of date now
      return client.invalidateQueries();
    },
    onError: (error) => errorToast('Restore failed', messageOf(error, 'Failed to restore backup')),
  });
}
