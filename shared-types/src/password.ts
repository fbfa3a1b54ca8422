import { z } from 'zod';

/**
 * The rule for a password being set (sign-up, reset, change, the first admin), docs/decisions.md
 * "Passwords": 8 to 128 characters of any kind, spaces and emoji included, counted as characters
 * (Unicode code points), not bytes; never trimmed or altered. No rule on which kinds of character
 * it must hold. The server also refuses a password on the list of common and leaked passwords, or
 * one equal to the account's own user name or e-mail (password-checker.ts, loaded on its own as
 * the list is large). Signing in keeps the older, shorter rule, so accounts made before still open.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** How many characters a password has: code points, so an emoji counts as one. */
export const passwordLength = (password: string) => [...password].length;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'This password is on a list of common or leaked passwords. Please choose another.';
export const PASSWORD_IS_PERSONAL = 'Your password must not be your user name or e-mail address. Please choose another.';

/** A new password, as every form that sets one and the API check it. */
export const newPasswordSchema = z
  .string({ message: 'Password is required' })
  .refine((v) => passwordLength(v) >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .refine((v) => passwordLength(v) <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** What the strength meter says: the password-checker's score (0-4) in words. */
export const PASSWORD_STRENGTH_WORDS = ['very weak', 'weak', 'fair', 'good', 'strong'] as const;
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The meter's text for a password as typed: its length first, then the list, then the score. */
export function passwordStrengthLabel(password: string, verdict: { score: PasswordScore; listed: boolean; personal: boolean }): string {
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return 'Strength: too short';
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) return 'Strength: too long';
  if (verdict.listed) return 'Strength: too common';
  if (verdict.personal) return 'Strength: too easy to guess';
  return `Strength: ${PASSWORD_STRENGTH_WORDS[verdict.score]}`;
}
