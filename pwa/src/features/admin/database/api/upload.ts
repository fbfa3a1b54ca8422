import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKUP_TOO_LARGE_MESSAGE, BACKUP_UPLOAD_MAX_BYTES } from '@cocoa/shared-types';
import { messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { xhrUpload } from '../../shared/upload';
import { backupsQueryOptions } from './list';

/**
 * POST /api/database/backups/upload (multipart `file`): the server checks it as it checks every
 * restore and keeps it under a name of its own; answers that name. A file over the cap is refused
 * here with the server's words, before it is sent.
 */
export function uploadBackup(file: File): Promise<{ filename: string }> {
  if (file.size > BACKUP_UPLOAD_MAX_BYTES) return Promise.reject(new Error(BACKUP_TOO_LARGE_MESSAGE));
  const form = new FormData();
  form.append('file', file);
  return xhrUpload<{ filename: string }>('/api/database/backups/upload', form);
}

export function useUploadBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadBackup,
    onSuccess: (answer) => {
      toast('Backup uploaded', answer?.filename ? `Checked and saved as ${answer.filename}.` : 'The backup has been checked and saved.');
      return client.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Upload failed', messageOf(error, 'Failed to upload the backup')),
  });
}
