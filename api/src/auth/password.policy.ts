import type { PasswordOwner } from '@cocoa/shared-types/password-checker';
import { UserInputError } from '../common/domain-errors';

type PasswordChecker = typeof import('@cocoa/shared-types/password-checker');
let checker: Promise<PasswordChecker> | undefined;

/**
 * Why a new password is refused: on the list of common and leaked passwords, or the account's own
 * user name or e-mail (shared-types' password-checker.ts); undefined when it is not. Its length is
 * the body schema's (newPasswordSchema). The list (about 400 KB) is loaded on the first password
 * set, not at start.
 */
export async function passwordRefusal(password: string, owner: PasswordOwner): Promise<{ message: string; code: string } | undefined> {
  checker ??= import('@cocoa/shared-types/password-checker');
  return (await checker).passwordRefusal(password, owner);
}

/** 400 with the reason (PASSWORD_TOO_COMMON or PASSWORD_IS_PERSONAL) for a refused new password; nothing is changed. */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const refusal = await passwordRefusal(password, owner);
  if (refusal) throw new UserInputError(refusal.message, refusal.code);
}
