import { useState } from 'react';
import { BACKUP_UPLOAD_MAX_BYTES, type BackupKind } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { errorToast } from '../../../ui/toast-store';
import { SkeletonLines } from '../../../ui/skeleton';
import { backupDownloadUrl, downloadBackup } from './api/download-url';
import { useBackups } from './api/list';
import { useCreateBackup } from './api/create';
import { useRestoreBackup } from './api/restore';
import { useUploadBackup } from './api/upload';
import { BackupScheduleCard } from './backup-schedule-card';
import { formatBytes, formatDateTime } from '../shared/format';
import { MutationConfirmDialog } from '../shared/dialog';
import { FileButton } from '../shared/file-button';
import { RefreshButton } from '../shared/refresh-button';
import { AdminCard } from '../shared/admin-card';

/** How the list labels a backup that the owner did not make with Create Backup. */
const KIND_LABEL: Partial<Record<BackupKind, { text: string; title: string }>> = {
  safety: { text: 'Safety backup', title: 'Taken automatically just before a restore' },
  uploaded: { text: 'Uploaded', title: 'A backup file uploaded from this device' },
  scheduled: { text: 'Daily', title: 'Taken by the daily backup' },
};

/**
 * Database Backup: create, choose one to download or restore, upload a downloaded one back, and
 * what a backup holds. An uploaded file is checked by the server and listed; restoring it is asked
 * for at once, with the same confirmation as any restore (cancel keeps it in the list).
 */
export function DatabaseTab() {
  const backups = useBackups();
  const create = useCreateBackup();
  const restore = useRestoreBackup();
  const upload = useUploadBackup();
  const [chosen, setChosen] = useState<string>('');
  const [confirmRestore, setConfirmRestore] = useState(false);
  const list = backups.data ?? [];
  const current = list.find((backup) => backup.filename === chosen) ? chosen : '';

  return (
    <div className="admin-stack">
      <AdminCard titleId="backup-create-title" title="Create Backup">
        <p className="muted">Takes a consistent snapshot of the database and keeps it on the server.</p>
        <div className="admin-actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => create.mutate(undefined, { onSuccess: (answer) => answer?.filename && setChosen(answer.filename) })}
            disabled={create.isPending}
          >
            {create.isPending ? 'Creating backup...' : 'Create Backup'}
          </button>
          {create.isPending && <span className="spinner spinner--inline" role="status" aria-label="Creating backup" />}
        </div>
      </AdminCard>

      <BackupScheduleCard />

      <AdminCard titleId="backup-upload-title" title="Upload a Backup">
        <p className="muted">
          Upload a backup file downloaded from this shop (.json.gz, up to {formatBytes(BACKUP_UPLOAD_MAX_BYTES)}). It is checked and added to the list; you then
          confirm before its data replaces the current data.
        </p>
        <div className="admin-actions">
          <FileButton
            className="btn btn--outline"
            busy={upload.isPending}
            accept=".gz,.json.gz,application/gzip"
            onFile={(file) =>
              upload.mutate(file, {
                onSuccess: (answer) => {
                  if (!answer?.filename) return;
                  setChosen(answer.filename);
                  setConfirmRestore(true);
                },
              })
            }
          >
            {upload.isPending ? 'Uploading...' : 'Upload Backup'}
          </FileButton>
          {upload.isPending && <span className="spinner spinner--inline" role="status" aria-label="Uploading backup" />}
        </div>
      </AdminCard>

      <AdminCard titleId="backup-list-title" title="Backups" actions={<RefreshButton query={backups} />}>
        {backups.isPending ? (
          <SkeletonLines label="Loading backups" count={3} />
        ) : backups.isError && !list.length ? (
          <p className="empty-state" role="alert">
            Failed to load backups. Please try again.
          </p>
        ) : !list.length ? (
          <p className="empty-state">No backups yet. Create the first one above.</p>
        ) : (
          <fieldset className="admin-fieldset">
            <legend>Choose a backup</legend>
            <ul className="admin-rows" aria-label="Backups">
              {list.map((backup) => {
                const label = KIND_LABEL[backup.kind];
                return (
                  <li key={backup.filename}>
                    <label className={`admin-row admin-row--choice${current === backup.filename ? ' is-checked' : ''}`}>
                      <input
                        type="radio"
                        name="backup"
                        value={backup.filename}
                        checked={current === backup.filename}
                        onChange={() => setChosen(backup.filename)}
                      />
                      <span className="admin-row__main">
                        <span className="admin-row__title admin-break">
                          {backup.filename}
                          {label && (
                            <span className="badge" title={label.title}>
                              {label.text}
                            </span>
                          )}
                        </span>
                        <span className="admin-row__meta muted">
                          {formatDateTime(backup.created) || 'Unknown date'} · {formatBytes(backup.size)}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <div className="admin-actions">
          {current ? (
            <a
              className="btn btn--outline"
              href={backupDownloadUrl(current)}
              download={current}
              onClick={(event) => {
                event.preventDefault();
                downloadBackup(current).catch((error: unknown) => errorToast('Download failed', messageOf(error, 'The backup could not be downloaded.')));
              }}
            >
              Download
            </a>
          ) : (
            <button type="button" className="btn btn--outline" disabled>
              Download
            </button>
          )}
          <button type="button" className="btn btn--danger" disabled={!current || restore.isPending} onClick={() => setConfirmRestore(true)}>
            {restore.isPending ? 'Restoring...' : 'Restore'}
          </button>
        </div>
      </AdminCard>

      <section className="card admin-card admin-card--info" aria-labelledby="backup-info-title">
        <h2 id="backup-info-title">About backups</h2>
        <p>A backup holds the products, categories, orders, users, settings and calendar/event data.</p>
        <p>
          It does <strong>not</strong> hold image files: keep a copy of the uploaded images separately.
        </p>
        <p>
          Restoring replaces all current data with the backup's data. A safety backup of the current data is taken first; the list marks it 'Safety backup'.
        </p>
      </section>

      {confirmRestore && current && (
        <MutationConfirmDialog
          title="Restore this backup?"
          message={
            <>
              <p>
                Restoring <strong>{current}</strong> replaces all current data (products, categories, orders, users, settings and calendar/event data) with the
                data in this backup.
              </p>
              <p>A safety backup of the current data is taken first.</p>
            </>
          }
          confirmLabel="Restore backup"
          busyLabel="Restoring..."
          mutation={restore}
          variables={current}
          onClose={() => setConfirmRestore(false)}
        />
      )}
    </div>
  );
}
