import { Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/** Database backup and restore (domain tables only; no images, no sessions). */
@Module({
  controllers: [BackupController],
  providers: [BackupService],
})
export class BackupModule {}
