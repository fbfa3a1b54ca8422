import { z } from 'zod';

/** How many daily backups are kept at most (the newest; older scheduled ones are deleted). */
export const BACKUP_KEEP_MAX = 90;
export const BACKUP_KEEP_DEFAULT = 7;

/** PUT /api/database/schedule: the daily backup on or off, and how many of its files to keep. */
export const backupScheduleInputSchema = z.strictObject({
  enabled: z.boolean({ message: 'Daily backup must be on or off' }),
  keep: z
    .number({ message: 'Backups to keep must be a number' })
    .int('Backups to keep must be a whole number')
    .min(1, 'Keep at least 1 backup')
    .max(BACKUP_KEEP_MAX, `Keep at most ${BACKUP_KEEP_MAX} backups`),
});
export type BackupScheduleInput = z.infer<typeof backupScheduleInputSchema>;

/** GET /api/database/schedule: the daily backup's settings and when it last ran (ISO; null: never). */
export const backupScheduleSchema = backupScheduleInputSchema.extend({ lastRunAt: z.string().nullable() });
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

/** The go-live checklist's lines, in the order the admin shows them. */
export const GO_LIVE_ITEMS = ['square', 'identity', 'legal', 'mail', 'backups', 'password', 'secondFactor', 'publicUrl'] as const;
export type GoLiveItem = (typeof GO_LIVE_ITEMS)[number];

/**
 * GET /api/admin/go-live (admin): one line per step of going live, computed by the server. `done`
 * lines say so; the others say what is missing and link (`fix`, a path of the app) to where it is fixed.
 */
export const goLiveChecklistSchema = z.object({
  items: z.array(
    z.object({
      id: z.enum(GO_LIVE_ITEMS),
      label: z.string(),
      done: z.boolean(),
      /** What is missing (empty when done). */
      missing: z.string(),
      fix: z.string(),
      fixLabel: z.string(),
    }),
  ),
  /** Every line is done. */
  ready: z.boolean(),
});
export type GoLiveChecklist = z.infer<typeof goLiveChecklistSchema>;

/** POST /api/admin/go-live/test-mail answer: where the message went. */
export const goLiveTestMailSchema = z.object({ to: z.string() });
export type GoLiveTestMail = z.infer<typeof goLiveTestMailSchema>;

/** GET /api/admin/go-live/test-mail/confirm?token=…: the signed link of the test e-mail. */
export const goLiveTestMailConfirmQuerySchema = z.object({ token: z.string({ message: 'The link has no token' }).min(1, 'The link has no token').max(2000) });
