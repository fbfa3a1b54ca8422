import { Inject, Injectable } from '@nestjs/common';
import { normalizeUsername } from '@cocoa/shared-types';
import { TooManyRequestsError } from '../common/domain-errors';
import { type Admission, type RefusalMessage, refuse, type SharedLimiter, sharedLimiter } from '../common/rate-limit.guard';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';

/** Wrong passwords answered at once for one account, from any address. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Attempts of one account per window; past them the account is refused for a window. */
export const ACCOUNT_ATTEMPT_LIMIT = 10;
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
/** Reset links mailed to one account per hour (the answer to the request stays the same). */
const RESET_MAILS_PER_HOUR = 5;

const accountRefusal: RefusalMessage = (wait) => `Too many failed attempts for this account. Please try again in ${wait}, or reset your password.`;

/** One password check in progress: report how it went. */
export interface PasswordAttempt {
  /** The password was right: the attempt is given back, and the account's earlier failures are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: it stays counted, and past the free failures the account waits before its next try. */
  failed(): Promise<void>;
  /**
   * The password was right but the account asks for its second factor next: the attempt is given
   * back, and the earlier failures (wrong codes too) stay counted until a right code succeeds.
   */
  passedPassword(): void;
}

/**
 * Guessing passwords, counted in the shared rate-limit table (common/rate-limit.guard.ts) so that
 * every replica sees the same counts (see "Rate limits" in docs/operations.md):
 * - per account, from every address: the first ACCOUNT_FREE_FAILURES wrong passwords are answered
 *   at once; after each further one the account waits 2 s, 4 s, 8 s... before the next is heard
 *   (429 with Retry-After meanwhile, and trying during the wait counts as an attempt); after
 *   ACCOUNT_ATTEMPT_LIMIT attempts it is refused for 15 minutes, even with the right password.
 *   A right password, a reset by e-mail or a password change forgets the account's failures; on
 *   an account with a second factor only a right code does, and wrong codes count like wrong
 *   passwords (docs/security.md).
 *   An unknown user name is counted the same way, so the limits do not tell who has an account.
 *   Sign-in (`POST /api/login`) and the current password of a change share these counts.
 * - per address (sign-in only): sign-ins that fail (wrong, or refused by the account's limits) up
 *   to RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS, then 429 for the window's rest. A right password
 *   is never counted (it is taken when the check starts and given back),
 *   so a venue's crowd on one address all get in, and one person's guesses at their own account
 *   never block the others.
 */
@Injectable()
export class LoginThrottle {
  private readonly byAddress: SharedLimiter;
  private readonly byAccount: SharedLimiter;
  private readonly accountWait: SharedLimiter;
  private readonly resetMails: SharedLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DB_POOL) db: DatabasePool) {
    this.byAddress = sharedLimiter(db, 'address:login-failures', { points: config.RATE_LIMIT_MAX, durationMs: config.RATE_LIMIT_WINDOW_MS });
    this.byAccount = sharedLimiter(db, 'account:attempts', { points: ACCOUNT_ATTEMPT_LIMIT, durationMs: ACCOUNT_WINDOW_MS, blockMs: ACCOUNT_WINDOW_MS });
    this.accountWait = sharedLimiter(db, 'account:wait', { points: 1, durationMs: ACCOUNT_WINDOW_MS });
    this.resetMails = sharedLimiter(db, 'account:reset-mails', { points: RESET_MAILS_PER_HOUR, durationMs: 60 * 60 * 1000 });
  }

  /**
   * Admits a password check, or refuses it with 429 and Retry-After, reading before it writes: a
   * right password writes nothing unless the account had failures to forget; a wrong one is
   * counted (SharedLimiter.admit keeps a burst in flight from overshooting the limits). Trying
   * during a wait is refused and counts as an attempt. `address` is given for sign-in only.
   */
  async begin(username: string, address?: string): Promise<PasswordAttempt> {
    const account = accountKey(username);
    const byAddress = address === undefined ? null : await this.byAddress.admit(address);
    let byAccount: Admission;
    try {
      const waiting = await this.accountWait.current(account);
      if (waiting) {
        // A try during the wait is an attempt: past the account's limit its refusal (the longer) answers.
        await this.byAccount.count(account, accountRefusal);
        refuse(waiting.msBeforeNext, accountRefusal);
      }
      byAccount = await this.byAccount.admit(account, accountRefusal);
    } catch (err) {
      await byAddress?.failed();
      byAddress?.done();
      throw err;
    }
    return {
      succeeded: async () => {
        byAddress?.done();
        byAccount.done();
        if (byAccount.before) await this.forget(username);
      },
      failed: async () => {
        byAddress?.done();
        byAccount.done();
        await byAddress?.failed();
        const failures = (await byAccount.failed()).consumedPoints;
        if (failures > ACCOUNT_FREE_FAILURES) await this.accountWait.block(account, 1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES));
      },
      passedPassword: () => {
        byAddress?.done();
        byAccount.done();
      },
    };
  }

  /** Forgets the account's failures (its owner proved who they are). */
  async forget(username: string): Promise<void> {
    const account = accountKey(username);
    await this.byAccount.forget(account);
    await this.accountWait.forget(account);
  }

  /** Whether one more reset link may be mailed to this account this hour (counts it if so). */
  async mayMailResetLink(userId: number): Promise<boolean> {
    try {
      await this.resetMails.count(`user:${userId}`);
      return true;
    } catch (err) {
      if (err instanceof TooManyRequestsError) return false;
      throw err;
    }
  }
}

/** The account a user name means, as sign-in matches it: NFKC, trimmed, case-insensitive. */
const accountKey = (username: string) => `name:${normalizeUsername(username).toLowerCase()}`;
