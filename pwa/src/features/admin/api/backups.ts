import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_TOO_LARGE_MESSAGE, BACKUP_UPLOAD_MAX_BYTES, type BackupInfo, type RestoreResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { xhrUpload } from '../lib/upload';
import { adminGet } from './admin-get';

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

/** GET /api/database/backups/{filename}: the download, by browser navigation. */
export const backupDownloadUrl = (filename: string) => `/api/database/backups/${encodeURIComponent(filename)}`;

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
