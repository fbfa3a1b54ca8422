import { z } from 'zod';

/**
 * Two-step sign-in (docs/security.md): one-time codes from an authenticator app (TOTP, RFC 6238:
 * SHA-1, 6 digits, a 30-second step) and single-use recovery codes, and the fresh re-check
 * ("step-up") that the most dangerous actions ask for.
 */

/** The error code of a right password on an account with a second factor: the code is asked next. */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';

/** How many recovery codes an enrolment (or a new set) gives. */
export const RECOVERY_CODE_COUNT = 10;

/** Spaces and dashes people type or copy between groups are not part of a code. */
const compact = (v: string) => v.replace(/[\s-]/g, '').toLowerCase();

/** Six digits, as the app shows them ("123 456" is read as 123456). */
export const oneTimeCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your app' })
  .transform(compact)
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));

/** A recovery code as shown at enrolment (xxxx-xxxx-xxxx, letters and digits), in any case, with or without dashes. */
const RECOVERY_CODE_PATTERN = /^[a-z2-7]{12}$/;

/** A one-time code or a recovery code: the sign-in's second step takes either. */
export const secondFactorCodeSchema = z.strictObject({
  code: z
    .string({ message: 'Enter the 6-digit code from your app, or a recovery code' })
    .max(40, 'Enter the 6-digit code from your app, or a recovery code')
    .transform(compact)
    .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), 'Enter the 6-digit code from your app, or a recovery code'),
});
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** Whether a compacted code (secondFactorCodeSchema's output) is a one-time code rather than a recovery code. */
export const isOneTimeCode = (code: string) => /^\d{6}$/.test(code);

/** Confirming an enrolment: a code from the app just set up. */
export const secondFactorConfirmSchema = z.strictObject({ code: oneTimeCodeSchema });
export type SecondFactorConfirmInput = z.input<typeof secondFactorConfirmSchema>;

/** POST /api/auth/step-up: the account's password, or a one-time code from its app (one of the two). */
export const stepUpSchema = z
  .strictObject({
    password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(200, 'Enter your password').optional(),
    code: oneTimeCodeSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.code === undefined), 'Enter your password or a 6-digit code');
export type StepUpInput = z.input<typeof stepUpSchema>;

/** GET /api/auth/second-factor */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When the factor was confirmed (ISO), null when none is. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/auth/second-factor/enrolment: what the app is set up with (shown once, until confirmed). */
export const secondFactorEnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as a PNG data URL. */
  qrCode: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** The recovery codes, shown once (after a confirmed enrolment, or a new set). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET/POST /api/auth/step-up: until when the session counts as freshly checked (ISO), null when it does not. */
export const stepUpStatusSchema = z.object({ freshUntil: z.string().nullable() });
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;
