import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_KEEP_DEFAULT, BACKUP_KEEP_MAX, type BackupSchedule, type BackupScheduleInput } from '@cocoa/shared-types';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { JobsService } from '../jobs/jobs.service';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { BackupService } from './backup.service';

/** The job that takes the daily backup (once across replicas, pg-boss). */
const BACKUP_DAILY_JOB = 'backup.daily';
/** Every day at 03:15 in the shop's zone, when the shop is quiet. */
const BACKUP_DAILY_CRON = '15 3 * * *';

/**
 * The daily backup (docs/operations.md, "Backups"): while the owner has it on (Database Backup →
 * Daily backup, stored as BACKUP_DAILY), the job queue takes a backup every night (a file named
 * scheduled-backup-…) and deletes the older scheduled ones past the newest BACKUP_KEEP; the
 * owner's own, safety and uploaded backups are never deleted by it.
 */
@Injectable()
export class BackupScheduleService implements OnModuleInit {
  constructor(
    private readonly backups: BackupService,
    private readonly settings: SettingsService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work(BACKUP_DAILY_JOB, async () => void (await this.runDaily()), { pollingIntervalSeconds: 60 });
    await this.jobs.schedule(BACKUP_DAILY_JOB, BACKUP_DAILY_CRON);
  }

  async status(): Promise<BackupSchedule> {
    const stored = await this.settings.getMany([SETTING_KEYS.backupDaily, SETTING_KEYS.backupKeep]);
    const keep = Number(stored[SETTING_KEYS.backupKeep]);
    const newest = (await this.scheduled())[0];
    return {
      enabled: stored[SETTING_KEYS.backupDaily] === 'true',
      keep: Number.isInteger(keep) && keep >= 1 && keep <= BACKUP_KEEP_MAX ? keep : BACKUP_KEEP_DEFAULT,
      lastRunAt: newest?.created ?? null,
    };
  }

  /** Turning the daily backup on takes its first backup at once: the owner sees it work without waiting for the night. */
  async save(input: BackupScheduleInput): Promise<BackupSchedule> {
    const wasOn = (await this.status()).enabled;
    await this.settings.set(SETTING_KEYS.backupDaily, String(input.enabled));
    await this.settings.set(SETTING_KEYS.backupKeep, String(input.keep));
    if (input.enabled && !wasOn) await this.runDaily();
    return this.status();
  }

  /** One run of the daily job: a backup while the schedule is on, then only the newest `keep` scheduled ones stay. Answers the file's name. */
  async runDaily(): Promise<string | null> {
    const { enabled, keep } = await this.status();
    if (!enabled) return null;
    const { filename } = await this.backups.create('scheduled');
    const old = (await this.scheduled()).slice(keep);
    for (const backup of old) await rm(join(this.config.backupsDir, backup.filename), { force: true });
    if (old.length) log('info', 'older scheduled backups deleted', { count: old.length, keep });
    return filename;
  }

  /** The scheduled backups, newest first. */
  private async scheduled() {
    return (await this.backups.list()).backups.filter((backup) => backup.kind === 'scheduled');
  }
}
