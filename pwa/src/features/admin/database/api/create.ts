import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { backupsQueryOptions } from './list';

/** POST /api/database/backup: answers the new filename. */
export const createBackup = () => apiFetch<{ filename: string }>('/api/database/backup', { method: 'POST' });

export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSuccess: (answer) => {
      toast('Backup created', answer?.filename ? `Saved as ${answer.filename}.` : 'The backup has been created.');
      return client.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Backup failed', messageOf(error, 'Failed to create backup')),
  });
}
