import { backupFilenameSchema, backupScheduleInputSchema } from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

/** `:filename` of download and restore: only a name of the strict backup pattern reaches the service. */
export class BackupFileParams extends createZodDto(z.strictObject({ filename: backupFilenameSchema })) {}

/** PUT /api/database/schedule. */
export class BackupScheduleDto extends createZodDto(backupScheduleInputSchema) {}
