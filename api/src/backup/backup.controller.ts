import { BACKUP_TOO_LARGE_MESSAGE, BACKUP_UPLOAD_MAX_BYTES, type BackupInfo, type BackupSchedule, type RestoreResult } from '@cocoa/shared-types';
import { Controller, Param, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { StepUp } from '../common/step-up.guard';
import { AdminSetting } from '../common/admin-routes';
import { AdminCreate, AdminGet, AdminPost } from '../common/auth.guards';
import { MultipartFile } from '../common/multipart-file.interceptor';
import { BackupScheduleService } from './backup-schedule.service';
import { BackupFileParams, BackupScheduleDto } from './backup.dto';
import { BackupService } from './backup.service';

/**
 * The file name is checked against the strict backup pattern (backupFilenameSchema): 400 otherwise.
 * Downloading (every customer's data leaves the shop) and restoring ask for a fresh check (@StepUp).
 */
@Controller('database')
export class BackupController extends AdminSetting<typeof BackupScheduleDto, BackupSchedule>({ path: 'schedule', input: BackupScheduleDto }) {
  constructor(
    private readonly backups: BackupService,
    schedule: BackupScheduleService,
  ) {
    // The daily backup: on or off, how many to keep, and when it last ran.
    super({ read: () => schedule.status(), save: (input) => schedule.save(input) });
  }

  @AdminCreate('backup')
  create(): Promise<{ filename: string }> {
    return this.backups.create();
  }

  /** multipart `file`: a downloaded backup, validated like every restore, stored as uploaded-backup-… and listed. */
  @AdminCreate('backups/upload')
  @UseInterceptors(MultipartFile('file', BACKUP_UPLOAD_MAX_BYTES, BACKUP_TOO_LARGE_MESSAGE))
  upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<{ filename: string }> {
    return this.backups.upload(file);
  }

  @AdminGet('backups')
  list(): Promise<{ backups: BackupInfo[] }> {
    return this.backups.list();
  }

  @StepUp()
  @AdminGet('backups/:filename')
  download(@Param() params: BackupFileParams): Promise<StreamableFile> {
    return this.backups.download(params.filename);
  }

  @StepUp()
  @AdminPost('restore/:filename')
  restore(@Param() params: BackupFileParams): Promise<RestoreResult> {
    return this.backups.restore(params.filename);
  }
}
