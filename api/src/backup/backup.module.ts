import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { BackupScheduleService } from './backup-schedule.service';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/** Database backup and restore (domain tables only; no images, no sessions), and the daily backup. */
@Module({
  imports: [SettingsModule],
  controllers: [BackupController],
  providers: [BackupService, BackupScheduleService],
  exports: [BackupScheduleService],
})
export class BackupModule {}
