import { freshCheckFirst } from '../../../auth';

/** GET /api/database/backups/{filename}: the download, by browser navigation. */
export const backupDownloadUrl = (filename: string) => `/api/database/backups/${encodeURIComponent(filename)}`;

/**
 * The download, after a fresh check (docs/security.md: every customer's data leaves the shop): the
 * step-up dialog first when the session's has run out; nothing when the person cancels.
 */
export async function downloadBackup(filename: string): Promise<void> {
  if (await freshCheckFirst()) window.location.assign(backupDownloadUrl(filename));
}
