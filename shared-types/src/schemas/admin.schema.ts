import { z } from 'zod';
import { isTimeZone } from '../time-zone';

/** The settings keys the admin may read and write. Tokens and secrets are never among them. */
export const SQUARE_MODES = ['sandbox', 'production'] as const;
export type SquareMode = (typeof SQUARE_MODES)[number];

/** Square application ids: sandbox-sq0idb-… in the sandbox, sq0idp-… in production. */
export const SQUARE_APPLICATION_ID_PATTERN = /^(sandbox-sq0idb-|sq0idp-)[A-Za-z0-9_-]{10,64}$/;

/** The environment a (well-formed) Square application id belongs to: its prefix says it. */
export function squareModeOfApplicationId(applicationId: string): SquareMode {
  return applicationId.trim().startsWith('sandbox-') ? 'sandbox' : 'production';
}

/**
 * Why `applicationId` cannot be used in `mode` (a sandbox id in production or the reverse), or
 * undefined when it fits. The API refuses such a save; the admin form checks it before sending.
 */
export function squareApplicationIdMismatch(applicationId: string, mode: SquareMode): string | undefined {
  if (squareModeOfApplicationId(applicationId) === mode) return undefined;
  return mode === 'production'
    ? 'This is a sandbox Application ID (sandbox-sq0idb-…) but the environment is production: enter the production Application ID (sq0idp-…) or choose Sandbox'
    : 'This is a production Application ID (sq0idp-…) but the environment is sandbox: enter the sandbox Application ID (sandbox-sq0idb-…) or choose Production';
}

export const settingValueSchemas = {
  SQUARE_APPLICATION_ID: z
    .string({ message: 'Application ID is required' })
    .trim()
    .min(1, 'Application ID is required')
    .regex(SQUARE_APPLICATION_ID_PATTERN, 'Application ID must look like sq0idp-… (production) or sandbox-sq0idb-… (sandbox)'),
  SQUARE_MODE: z.enum(SQUARE_MODES, { message: 'Mode must be sandbox or production' }),
  /** Optional: '' clears it and payments use the merchant's first active location. */
  SQUARE_LOCATION_ID: z
    .string({ message: 'Location ID must be text' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,64}$/, 'Location ID may hold only letters, digits, - and _'),
  /** The shop's time zone (IANA): every wall-clock time is read and shown in it. '' returns to SHOP_TIME_ZONE. */
  SHOP_TIME_ZONE: z
    .string({ message: 'Time zone must be text' })
    .trim()
    .refine((v) => v === '' || isTimeZone(v), 'Time zone must be an IANA name such as America/Chicago'),
  /** 'true' | 'false': take test-card payments while Square is not connected (see `acceptsTestPayments`). */
  ACCEPT_TEST_PAYMENTS: z.enum(['true', 'false'], { message: 'Accept test payments must be true or false' }),
} as const;
export type SettingKey = keyof typeof settingValueSchemas;
export const SETTING_KEYS_PUBLIC = Object.keys(settingValueSchemas) as SettingKey[];

/** POST /api/settings {key, value}: an allow-listed key; the value is checked by that key's rule. */
export const settingUpdateSchema = z
  .strictObject({
    key: z.enum(SETTING_KEYS_PUBLIC as [SettingKey, ...SettingKey[]], { message: 'Unknown setting' }),
    value: z.string({ message: 'Value must be text' }).max(200, 'Value is too long'),
  })
  .transform((input, ctx) => {
    const parsed = settingValueSchemas[input.key].safeParse(input.value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message, path: ['value'] });
      return z.NEVER;
    }
    return { key: input.key, value: parsed.data };
  });

/** GET /api/settings and POST /api/settings answer: key → value (null when unset). */
export const settingsMapSchema = z.object({
  SQUARE_APPLICATION_ID: z.string().nullable(),
  SQUARE_MODE: z.enum(SQUARE_MODES),
  SQUARE_LOCATION_ID: z.string().nullable(),
  /** The choice in force (`acceptsTestPayments`), 'true' or 'false'. */
  ACCEPT_TEST_PAYMENTS: z.enum(['true', 'false']),
  /** The zone in force: the saved one, else SHOP_TIME_ZONE from the environment. */
  SHOP_TIME_ZONE: z.string(),
});
export type SettingsMap = z.infer<typeof settingsMapSchema>;

/**
 * Whether the checkout takes the built-in test card while Square is not connected: the owner's saved
 * choice, else on in sandbox mode and off in production mode (where the checkout then says that
 * payments are not set up yet). Connected to Square, the real card form is used either way.
 */
export function acceptsTestPayments(saved: string | null | undefined, mode: SquareMode): boolean {
  return saved === 'true' || saved === 'false' ? saved === 'true' : mode === 'sandbox';
}

/** GET /api/square/auth/status (and the answer of POST /api/square/auth/disconnect). */
export const squareAuthStatusSchema = z.object({ connected: z.boolean(), merchantId: z.string().nullable() });
export type SquareAuthStatus = z.infer<typeof squareAuthStatusSchema>;

/** GET /api/square/auth/callback?code&state (Square sends error & error_description on refusal). */
export const squareOAuthCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/** POST /api/square/catalog/sync answer. */
export const catalogSyncResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Variations left out: no fixed price. */
  skipped: z.number(),
  categories: z.array(z.string()),
});
export type CatalogSyncResult = z.infer<typeof catalogSyncResultSchema>;

/** POST /api/products/import answer: imported products and the names of the categories created. */
export const importResultSchema = z.object({ imported: z.number(), categories: z.array(z.string()) });
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMAGE_TYPES = ['hot', 'iced', 'shake', 'featured', 'background', 'category'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/products/upload-image multipart text fields (the file is `image`). */
export const imageUploadFieldsSchema = z.object({
  type: z.enum(IMAGE_TYPES, { message: 'Type must be hot, iced, shake, featured, background or category' }).optional(),
  replace: z.enum(['true', 'false'], { message: 'Replace must be true or false' }).optional(),
  target: z.string().max(300, 'Target is too long').optional(),
});

/** `ref`: the responsive-image reference of the upload (see ../images.ts). */
export const imageUploadResultSchema = z.object({ filename: z.string(), path: z.string(), ref: z.string().optional() });
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

export const imageInfoSchema = z.object({ path: z.string(), filename: z.string(), size: z.number(), createdAt: z.string(), ref: z.string().optional() });
export type ImageInfo = z.infer<typeof imageInfoSchema>;

export const imageDeleteSchema = z.strictObject({
  imagePath: z.string({ message: 'imagePath is required' }).min(1, 'imagePath is required').max(300, 'Invalid image path'),
});
export const imageBulkDeleteSchema = z.strictObject({
  imagePaths: z
    .array(z.string({ message: 'Invalid image path' }).max(300, 'Invalid image path'), { message: 'imagePaths must be a list' })
    .min(1, 'Choose at least one image')
    .max(500, 'At most 500 images at once'),
});
export const imageBulkDeleteResultSchema = z.object({
  results: z.object({ success: z.array(z.string()), failed: z.array(z.object({ path: z.string(), error: z.string() })) }),
});
export type ImageBulkDeleteResult = z.infer<typeof imageBulkDeleteResultSchema>;

/**
 * Backups: [safety-|uploaded-]backup-YYYYMMDD-HHMMSS-<6 hex>.json.gz; nothing else can be named.
 * The prefix says where a backup came from: none, made by the owner (Create Backup); `safety-`,
 * taken just before a restore; `uploaded-`, a file the owner uploaded (checked like every restore).
 */
export const BACKUP_FILENAME_PATTERN = /^(?:(?:safety|uploaded|scheduled)-)?backup-\d{8}-\d{6}-[0-9a-f]{6}\.json\.gz$/;
export const backupFilenameSchema = z.string().regex(BACKUP_FILENAME_PATTERN, 'Invalid backup file name');
export const BACKUP_KINDS = ['manual', 'safety', 'uploaded', 'scheduled'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
/** The kind a backup's file name says (see BACKUP_FILENAME_PATTERN). */
export function backupKindOf(filename: string): BackupKind {
  if (filename.startsWith('scheduled-')) return 'scheduled';
  return filename.startsWith('safety-') ? 'safety' : filename.startsWith('uploaded-') ? 'uploaded' : 'manual';
}
export const backupInfoSchema = z.object({ filename: z.string(), created: z.string(), size: z.number(), kind: z.enum(BACKUP_KINDS) });
export type BackupInfo = z.infer<typeof backupInfoSchema>;
/** POST /api/database/backups/upload: the largest backup file accepted (gzip, as downloaded; the proxy example in docs/operations.md allows 20 MB bodies). */
export const BACKUP_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const BACKUP_TOO_LARGE_MESSAGE = `The backup file is too large. The maximum size is ${BACKUP_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
export const restoreResultSchema = z.object({ message: z.string(), safetyBackup: z.string() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;
