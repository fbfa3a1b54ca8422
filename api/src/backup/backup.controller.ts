import { BACKUP_TOO_LARGE_MESSAGE, BACKUP_UPLOAD_MAX_BYTES, type BackupInfo, type BackupSchedule, type RestoreResult } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { StepUp } from '../common/step-up.guard';
import { AdminOnly } from '../common/auth.guards';
import { MultipartFile } from '../common/multipart-file.interceptor';
import { BackupScheduleService } from './backup-schedule.service';
import { BackupFileParams, BackupScheduleDto } from './backup.dto';
import { BackupService } from './backup.service';

/**
 * The file name is checked against the strict backup pattern (backupFilenameSchema): 400 otherwise.
 * Downloading (every customer's data leaves the shop) and restoring ask for a fresh check (@StepUp).
 */
@Controller('database')
@AdminOnly()
export class BackupController {
  constructor(
    private readonly backups: BackupService,
    private readonly schedule: BackupScheduleService,
  ) {}

  /** The daily backup: on or off, how many to keep, and when it last ran. */
  @Get('schedule')
  @Header('Cache-Control', 'private, no-store')
  scheduleStatus(): Promise<BackupSchedule> {
    return this.schedule.status();
  }

  @Put('schedule')
  saveSchedule(@Body() body: BackupScheduleDto): Promise<BackupSchedule> {
    return this.schedule.save(body);
  }

  @Post('backup')
  @HttpCode(201)
  create(): Promise<{ filename: string }> {
    return this.backups.create();
  }

  /** multipart `file`: a downloaded backup, validated like every restore, stored as uploaded-backup-… and listed. */
  @Post('backups/upload')
  @HttpCode(201)
  @UseInterceptors(MultipartFile('file', BACKUP_UPLOAD_MAX_BYTES, BACKUP_TOO_LARGE_MESSAGE))
  upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<{ filename: string }> {
    return this.backups.upload(file);
  }

  @Get('backups')
  @Header('Cache-Control', 'private, no-store')
  list(): Promise<{ backups: BackupInfo[] }> {
    return this.backups.list();
  }

  @Get('backups/:filename')
  @StepUp()
  @Header('Cache-Control', 'private, no-store')
  download(@Param() params: BackupFileParams): Promise<StreamableFile> {
    return this.backups.download(params.filename);
  }

  @Post('restore/:filename')
  @StepUp()
  @HttpCode(200)
  restore(@Param() params: BackupFileParams): Promise<RestoreResult> {
    return this.backups.restore(params.filename);
  }
}
