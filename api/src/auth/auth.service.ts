import { createHash, randomBytes } from 'node:crypto';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserInputError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import type { SessionUser } from '../common/session-user';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailService } from '../mail/mail.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.hasher';
import { assertPasswordAllowed } from './password.policy';
import { revokeUserSessions } from './session-store.service';
import { UserEntity } from './user.entity';
import { toSessionUser } from './user.mapper';
import { UsersService } from './users.service';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with this email, you will receive a password reset link.';
export const INVALID_RESET_LINK = 'Invalid or expired reset link';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Credentials and password reset. */
@Injectable()
export class AuthService implements BeforeApplicationShutdown {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly throttle: LoginThrottle,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user for these credentials, or undefined; an unknown username costs the same time. */
  async validateCredentials(username: string, password: string): Promise<SessionUser | undefined> {
    const user = await this.users.findWithPasswordHash(username.trim());
    if (!user) return void (await verifyAgainstDummy(password));
    return (await verifyPassword(password, user.passwordHash)) ? toSessionUser(user) : undefined;
  }

  /**
   * Mails a single-use link valid one hour when the e-mail belongs to an account (at most
   * RESET_MAILS_PER_HOUR an hour). The caller has already answered, the same either way
   * (AuthController.forgotPassword), so neither the answer nor its timing tells who has an account:
   * the look-up and the link run in the background of this process, and the job queue delivers the
   * mail (with retries) like every other. Never throws.
   */
  mailResetLinkLater(email: string): void {
    const task: Promise<void> = this.mailResetLink(email)
      .catch((err: unknown) => log('error', 'password reset mail failed', { error: errorText(err) }))
      .finally(() => this.background.delete(task));
    this.background.add(task);
  }

  /** A shutdown waits for reset links being written (their mails are then the job queue's). */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }

  private async mailResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      log('info', 'password reset asked for an unknown e-mail');
      return;
    }
    if (!(await this.throttle.mayMailResetLink(user.id))) {
      log('warn', 'password reset link not mailed: too many asked for this account in the last hour', { userId: user.id });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const resetUrl = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // The link and its mail in one transaction: a link is never stored without its mail queued.
    await this.dataSource.transaction(async (manager) => {
      const tokens = manager.getRepository(PasswordResetTokenEntity);
      // Spent and expired links of this account are of no use any more.
      await tokens.createQueryBuilder().delete().where('user_id = :id AND (used_at IS NOT NULL OR expires_at <= now())', { id: user.id }).execute();
      await tokens.insert({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      await this.mail.queue(
        { to: user.email, template: 'password-reset', data: { username: user.username, resetUrl, expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000 } },
        manager,
      );
    });
  }

  /**
   * Looks the token up first and checks and hashes the new password only for a live one (a bogus
   * token costs one indexed lookup, no scrypt); a password refused (password.policy.ts) leaves the
   * link unspent. Then spends it atomically (so it works once even when two requests race), sets
   * the password, voids the account's other reset links, signs every session out and forgets the
   * account's failed sign-ins.
   */
  async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
    const tokenHash = sha256(token);
    const live: { username: string; email: string }[] = await this.dataSource.query(
      `SELECT u.username, u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`,
      [tokenHash],
    );
    if (live.length === 0) throw new UserInputError(INVALID_RESET_LINK, 'INVALID_RESET_TOKEN');
    await assertPasswordAllowed(newPassword, live[0]);
    // Hashed outside the transaction: no connection is held during the ~100 ms of scrypt.
    const passwordHash = await hashPassword(newPassword);
    const username = await this.dataSource.transaction(async (manager) => {
      const spent: { user_id: number }[] = await manager.query(
        // A CTE so the driver answers plain rows (TypeORM wraps a bare UPDATE's result).
        `WITH spent AS (
           UPDATE password_reset_tokens SET used_at = now()
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
            RETURNING user_id)
         SELECT user_id FROM spent`,
        [tokenHash],
      );
      const userId = spent[0]?.user_id;
      // Spent meanwhile by a request racing this one.
      if (userId === undefined) throw new UserInputError(INVALID_RESET_LINK, 'INVALID_RESET_TOKEN');
      await manager.update(UserEntity, { id: userId }, { passwordHash, passwordChangedAt: new Date() });
      await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await revokeUserSessions(manager, userId);
      return (await manager.findOneByOrFail(UserEntity, { id: userId })).username;
    });
    await this.throttle.forget(username);
    return { message: 'Your password has been reset. You can now log in with your new password.' };
  }
}
