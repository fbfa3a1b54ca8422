import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_IS_PERSONAL, PASSWORD_TOO_COMMON, type PasswordScore } from './password';

/*
 * The checks of a new password that need the list of common passwords (about 400 KB): a file of its
 * own, imported by the API and loaded by the PWA's password forms only when one is shown
 * (`import('@cocoa/shared-types/password-checker')`), never with the storefront.
 */

/**
 * The list: the ~49,000 passwords seen most often in leaked password sets, as zxcvbn-ts ships
 * them (its common dictionary, all lower case). Matched whatever the case, after NFKC.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

const folded = (text: string) => text.normalize('NFKC').toLowerCase();

/** Who the password is for: a password equal to one of these is refused like a listed one. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

/** The account's own words: its user name, its e-mail and the e-mail's part before the @. */
function ownWords(owner: PasswordOwner): string[] {
  const email = folded(owner.email ?? '');
  return [folded(owner.username ?? ''), email, email.split('@')[0]].filter((word) => word.length > 0);
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(folded(password));
}

function isOwnWord(password: string, owner: PasswordOwner): boolean {
  return ownWords(owner).includes(folded(password));
}

/** Why the server refuses a new password that has the right length, with its error code; undefined when it does not. */
export function passwordRefusal(password: string, owner: PasswordOwner): { message: string; code: string } | undefined {
  if (isCommonPassword(password)) return { message: PASSWORD_TOO_COMMON, code: 'PASSWORD_TOO_COMMON' };
  if (isOwnWord(password, owner)) return { message: PASSWORD_IS_PERSONAL, code: 'PASSWORD_IS_PERSONAL' };
  return undefined;
}

let estimator: ZxcvbnFactory | undefined;

/**
 * What the strength meter shows: zxcvbn's estimate (0 very weak to 4 strong: how many guesses the
 * password would take, knowing common passwords, keyboard patterns, dates and the account's own
 * words), and whether the server will refuse it. The estimator is made on first use.
 */
export function passwordVerdict(password: string, owner: PasswordOwner): { score: PasswordScore; listed: boolean; personal: boolean } {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return { score: estimator.check(password, ownWords(owner)).score, listed: isCommonPassword(password), personal: isOwnWord(password, owner) };
}
