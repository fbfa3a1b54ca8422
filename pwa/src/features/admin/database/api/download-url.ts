/** GET /api/database/backups/{filename}: the download, by browser navigation. */
export const backupDownloadUrl = (filename: string) => `/api/database/backups/${encodeURIComponent(filename)}`;
