import type { profileUpdateSchema, registerPayloadSchema } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, UserInputError } from '../common/domain-errors';
import type { SessionUser } from '../common/session-user';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { LoginThrottle } from './login-throttle.service';
import { assertPasswordAllowed } from './password.policy';
import { hashPassword, verifyPassword } from './password.hasher';
import { revokeUserSessions } from './session-store.service';
import { UserEntity } from './user.entity';
import { toSessionUser } from './user.mapper';

type RegisterInput = z.output<typeof registerPayloadSchema>;
type ProfileInput = z.output<typeof profileUpdateSchema>;

const USERNAME_TAKEN = 'That username is already taken';
const EMAIL_TAKEN = 'An account with this email already exists';

/** Accounts: registration, profile, password change. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Whether the first admin (ADMIN_USERNAME) no longer signs in with the password it was created
   * with: changed or reset since (passwordChangedAt), or no longer ADMIN_PASSWORD. A generated
   * password (printed once at creation) counts as unchanged until the owner changes it. True when
   * no such account exists: there is nothing to change.
   */
  async firstAdminPasswordChanged(): Promise<boolean> {
    const admin = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username: this.config.ADMIN_USERNAME })
      .getOne();
    if (!admin) return true;
    if (admin.passwordChangedAt) return true;
    const configured = this.config.ADMIN_PASSWORD;
    return configured !== undefined && !(await verifyPassword(configured, admin.passwordHash));
  }

  /** The admin accounts that sign in with a password alone (no confirmed second factor), by name. */
  async adminsWithoutSecondFactor(): Promise<string[]> {
    const rows: Array<{ username: string }> = await this.users.query(
      `SELECT u.username FROM users u
        WHERE u.is_admin AND NOT EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)
        ORDER BY u.username`,
    );
    return rows.map((row) => row.username);
  }

  /** The schema has NFKC-normalised the name and refused invisible characters; a look-alike of a taken name is taken. */
  async register(input: RegisterInput): Promise<UserEntity> {
    if (await this.findLookAlike(input.username)) throw new ConflictError(USERNAME_TAKEN, 'USERNAME_TAKEN');
    if (await this.findByEmail(input.email)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    await assertPasswordAllowed(input.password, input);
    const passwordHash = await hashPassword(input.password);
    // ON CONFLICT DO NOTHING: a registration racing this one is answered like the pre-check,
    // and no failed INSERT (with its password hash) reaches the query error log.
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        country: input.country,
        isAdmin: false,
      })
      .orIgnore()
      .returning('id')
      .execute();
    const id = (result.raw as { id: number }[])[0]?.id;
    if (id === undefined) {
      if (await this.findLookAlike(input.username)) throw new ConflictError(USERNAME_TAKEN, 'USERNAME_TAKEN');
      throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    }
    return this.findOrFail(id);
  }

  /** The user a session points at, loaded fresh; undefined once the account is gone. */
  async findSessionUser(id: number): Promise<SessionUser | undefined> {
    const user = await this.users.findOne({ where: { id } });
    return user ? toSessionUser(user) : undefined;
  }

  async getProfile(userId: number): Promise<UserEntity> {
    return this.findOrFail(userId);
  }

  /** Fields left out of the request keep their stored value. */
  async updateProfile(userId: number, patch: ProfileInput): Promise<UserEntity> {
    const user = await this.findOrFail(userId);
    const other = await this.findByEmail(patch.email);
    if (other && other.id !== userId) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    const { email, ...rest } = patch;
    user.email = email;
    for (const [key, value] of Object.entries(rest) as [keyof typeof rest, string | null | undefined][]) {
      if (value !== undefined) (user as unknown as Record<string, unknown>)[key] = value;
    }
    try {
      return await this.users.save(user);
    } catch (err) {
      throw uniqueViolation(err) ?? err;
    }
  }

  /**
   * Only your own password; the new one must be allowed (password.policy.ts, checked first, so a
   * refused one costs no attempt); the current one must match. Wrong current passwords count
   * against the account like wrong sign-ins (LoginThrottle: slowed, then refused with 429). Every
   * session of the account ends with the change, this one too: the controller keeps the caller
   * signed in on a new session id, so a stolen session id, whichever it was, does not survive it.
   */
  async changePassword(actor: SessionUser, targetId: number, currentPassword: string, newPassword: string): Promise<void> {
    if (actor.id !== targetId) throw new ForbiddenError('You can only change your own password');
    await assertPasswordAllowed(newPassword, actor);
    const attempt = await this.throttle.begin(actor.username);
    const stored = await this.users.findOne({ where: { id: actor.id }, select: { id: true, passwordHash: true } });
    if (!stored) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    if (!(await verifyPassword(currentPassword, stored.passwordHash))) {
      await attempt.failed();
      throw new UserInputError('Current password is incorrect', 'CURRENT_PASSWORD_INCORRECT');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: actor.id }, { passwordHash, passwordChangedAt: new Date() });
      await revokeUserSessions(manager, actor.id);
    });
    await attempt.succeeded();
  }

  /**
   * For login: the user with its password hash, matched case-insensitively, as typed or in NFKC
   * (a full-width keyboard still signs in; a name kept from before names were normalised too).
   */
  findWithPasswordHash(username: string): Promise<UserEntity | null> {
    return (
      this.users
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .where('lower(u.username) IN (lower(:typed), lower(:normalised))', { typed: username, normalised: username.normalize('NFKC') })
        // Two old names that NFKC makes equal: the one typed exactly wins.
        .orderBy('lower(u.username) = lower(:typed)', 'DESC')
        .getOne()
    );
  }

  /**
   * An account whose name equals this one after NFKC and case folding (PostgreSQL's lower()): e.g.
   * 'ｃｏｃｏａ' or 'ℭocoa' for 'cocoa'. Stored names are normalised here too, as names registered
   * before normalisation may not be. Reads every name (registration is rare and rate-limited).
   */
  private findLookAlike(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(normalize(u.username, NFKC)) = lower(normalize(:username, NFKC))', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  private async findOrFail(id: number): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    return user;
  }
}

/** A unique index refused the row (two registrations at once): the same clear 409 as the pre-check. */
export function uniqueViolation(err: unknown): ConflictError | undefined {
  if (!(err instanceof QueryFailedError)) return undefined;
  const driver = err.driverError as { code?: string; constraint?: string; detail?: string; message?: string } | undefined;
  if (driver?.code !== '23505') return undefined;
  const text = `${driver.constraint ?? ''} ${driver.detail ?? ''} ${driver.message ?? ''}`;
  if (text.includes('username')) return new ConflictError(USERNAME_TAKEN, 'USERNAME_TAKEN');
  if (text.includes('email')) return new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
  return undefined;
}
