import { useState } from 'react';
import { BACKUP_KEEP_MAX, type BackupSchedule, backupScheduleInputSchema } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { Spinner } from '../../../ui/skeleton';
import { formatDateTime } from '../shared/format';
import { useBackupSchedule, useSaveBackupSchedule } from './api/schedule';
import { CouldNot } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

/**
 * The daily backup (docs/operations.md, "Backups"): on, the server takes a backup every night and
 * keeps the newest few of them; the go-live checklist asks for it.
 */
export function BackupScheduleCard() {
  const schedule = useBackupSchedule();
  return (
    <AdminCard titleId="backup-schedule-title" title="Daily backup">
      {schedule.isPending ? (
        <Spinner label="Loading the daily backup" />
      ) : schedule.isError ? (
        <CouldNot what="load the daily backup" error={schedule.error} />
      ) : (
        <ScheduleForm key={`${schedule.data.enabled}-${schedule.data.keep}`} schedule={schedule.data} />
      )}
    </AdminCard>
  );
}

function ScheduleForm({ schedule }: { schedule: BackupSchedule }) {
  const save = useSaveBackupSchedule();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [keep, setKeep] = useState(String(schedule.keep));
  const [error, setError] = useState<string>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = backupScheduleInputSchema.safeParse({ enabled, keep: keep.trim() === '' ? Number.NaN : Number(keep) });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">
        {schedule.lastRunAt ? `Last daily backup: ${formatDateTime(schedule.lastRunAt)}.` : 'No daily backup has been taken yet.'} Backups are kept on the
        server; copy them elsewhere too (docs/operations.md).
      </p>
      <label className="admin-switch">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> Take a backup every night
      </label>
      <Field id="backup-keep" label={`Daily backups to keep (1 to ${BACKUP_KEEP_MAX})`} error={error}>
        <input
          type="number"
          min={1}
          max={BACKUP_KEEP_MAX}
          inputMode="numeric"
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          {...describedBy('backup-keep', error)}
        />
      </Field>
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save daily backup'}
      </button>
    </form>
  );
}
