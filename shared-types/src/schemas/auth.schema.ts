import { z } from 'zod';
import { COUNTRY_CODES, DEFAULT_COUNTRY, MIN_USERNAME_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH } from '../constants';
import { newPasswordSchema } from '../password';
import { emailSchema, optionalText } from './common.schema';

/** A user name as accounts are kept and matched: NFKC-normalised, then trimmed. */
export const normalizeUsername = (v: string) => v.normalize('NFKC').trim();

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(MIN_USERNAME_LENGTH, `Username must be at least ${MIN_USERNAME_LENGTH} characters`)
  .max(50, 'Username must be at most 50 characters');

/**
 * A new account's user name: NFKC-normalised (full-width and styled letters become the plain ones,
 * so a name cannot pose as another in a different form) and trimmed; control and format characters
 * (zero-width spaces, bidi overrides), line separators, private-use and unassigned code points are
 * refused. The API also refuses a name equal to an existing one after NFKC and case folding.
 */
const newUsernameSchema = z
  .string({ message: 'Username is required' })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(MIN_USERNAME_LENGTH, `Username must be at least ${MIN_USERNAME_LENGTH} characters`)
      .max(50, 'Username must be at most 50 characters')
      .refine((v) => !/[\p{C}\p{Zl}\p{Zp}]/u.test(v), 'Username must not contain invisible or control characters'),
  );

/**
 * A password typed to sign in: 6 to 200 characters, the rule passwords were set by before the
 * longer one (password.ts), so accounts made then still open.
 */
const signInPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(SIGN_IN_PASSWORD_MIN_LENGTH, `Password must be at least ${SIGN_IN_PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const loginSchema = z.strictObject({ username: usernameSchema, password: signInPasswordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

/** The address and contact fields a user may keep on the account (all optional). */
const addressFields = {
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(20),
  country: z.enum(COUNTRY_CODES, { message: 'Country must be one of US, CA, GB, AU, MX' }).default(DEFAULT_COUNTRY),
};

/** POST /api/register: what the register form sends once confirmPassword is removed. */
export const registerPayloadSchema = z.strictObject({
  username: newUsernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  ...addressFields,
});
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

/** The register form: the payload plus a confirmation that must match. */
export const registerFormSchema = registerPayloadSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.strictObject({
  email: z
    .string({ message: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    // No control characters (a NUL cannot even be looked up): answered here, as the lookup runs after the answer.
    .refine((v) => v.length > 0 && v.includes('@') && !/\p{Cc}/u.test(v), 'Please enter a valid email address.'),
});

export const resetPasswordPayloadSchema = z.strictObject({
  token: z
    .string({ message: 'No reset token found. Please request a new password reset.' })
    .min(1, 'No reset token found. Please request a new password reset.')
    .max(200, 'Invalid reset token'),
  newPassword: newPasswordSchema,
});

export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, 'New password is required').pipe(newPasswordSchema),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Please make sure both passwords are the same.', path: ['confirmPassword'] });

/** PATCH /api/users/{id}/password */
export const passwordChangePayloadSchema = z.strictObject({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: newPasswordSchema,
});

export const passwordChangeFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/**
 * PATCH /api/me/customer: email valid, everything else optional. A field left out keeps its
 * stored value ('' or null clears it), so a partial update never wipes the rest of the profile.
 */
export const profileUpdateSchema = z.strictObject({
  email: emailSchema,
  firstName: addressFields.firstName.optional(),
  lastName: addressFields.lastName.optional(),
  phone: addressFields.phone.optional(),
  address: addressFields.address.optional(),
  city: addressFields.city.optional(),
  state: addressFields.state.optional(),
  zipCode: addressFields.zipCode.optional(),
  country: z.enum(COUNTRY_CODES, { message: 'Country must be one of US, CA, GB, AU, MX' }).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The signed-in user as GET /api/user answers it. */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/me/customer, shaped like the payment provider's customer record. */
export const customerProfileSchema = z.object({
  emailAddress: z.string(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
  }),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** How many sign-ins an account keeps on record (its Security page lists them); older ones are dropped. */
export const RECENT_SIGN_INS_KEPT = 20;

/** GET /api/me/sign-ins: the account's recent sign-ins, newest first, and the shop's zone to show their times in. */
export const recentSignInsSchema = z.object({
  timeZone: z.string(),
  signIns: z.array(
    z.object({
      id: z.number(),
      /** When (ISO instant). */
      at: z.string(),
      /** The address it came from, as the shop saw it (behind a proxy: X-Forwarded-For with TRUST_PROXY). */
      ipAddress: z.string().nullable(),
      /** The browser's User-Agent header as sent (cut to 512 characters). */
      userAgent: z.string().nullable(),
      /** The same in plain words: 'Firefox on Windows', 'Safari on iPhone'. */
      device: z.string(),
      /** Whether this is the sign-in of the session asking. */
      current: z.boolean(),
    }),
  ),
});
export type RecentSignIns = z.infer<typeof recentSignInsSchema>;

/** POST /api/me/sign-out-others: how many other sessions of the account were ended. */
export const signedOutOthersSchema = z.object({ message: z.string(), ended: z.number() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;
