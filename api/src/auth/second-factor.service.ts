import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { RECOVERY_CODE_COUNT, type RecoveryCodes, type SecondFactorEnrolment, type SecondFactorStatus } from '@cocoa/shared-types';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { DataSource, type EntityManager, IsNull, Not, type Repository } from 'typeorm';
import { ConflictError, UserInputError } from '../common/domain-errors';
import { SettingsService } from '../settings/settings.service';
import { ShopIdentityService } from '../settings/shop-identity.service';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { SecondFactorEntity } from './second-factor.entity';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a 30-second step. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code of the step before or after the server's is taken too (the phone's clock may be off a little). */
const TOTP_WINDOW = 1;
/** 160 bits, the key size RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** The log's name for a sealed factor secret that cannot be opened (SettingsService.openSecret). */
const SEALED_KEY = 'second factor secret';
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 12 characters of 32: 60 bits each, too many to guess, so a plain sha-256 is enough to keep. */
const RECOVERY_CODE_LENGTH = 12;

const WRONG_CODE = 'That code is not right. Use the newest code your authenticator app shows for this shop.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A recovery code as stored: lower case, no dashes or spaces (as secondFactorCodeSchema leaves it). */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

function newRecoveryCode(): string {
  // 32 divides 256, so each byte modulo 32 is an unbiased letter.
  const letters = [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

/** The 30-second step a code of `secret` matches now (within the window), or null. */
function matchingStep(secret: string, code: string): number | null {
  const timestamp = Date.now();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), ...TOTP_PARAMS, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PARAMS.period, timestamp }) + delta;
}

/**
 * An account's second factor (docs/security.md): an authenticator app's one-time codes (TOTP) and
 * ten single-use recovery codes. The app's secret is sealed with the settings' SecretBox (the key
 * the Square tokens are sealed with); a recovery code is kept as its sha-256 only. A one-time code
 * is taken once: the step of the last one taken is stored, and only a later step is taken next.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    @InjectRepository(SecondFactorEntity) private readonly factors: Repository<SecondFactorEntity>,
    @InjectRepository(RecoveryCodeEntity) private readonly recoveryCodes: Repository<RecoveryCodeEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly shopIdentity: ShopIdentityService,
  ) {}

  async status(userId: number): Promise<SecondFactorStatus> {
    const factor = await this.factors.findOneBy({ userId, confirmedAt: Not(IsNull()) });
    const left = factor ? await this.recoveryCodes.countBy({ userId, usedAt: IsNull() }) : 0;
    return { enabled: Boolean(factor), enabledAt: factor?.confirmedAt?.toISOString() ?? null, recoveryCodesLeft: left };
  }

  /** Whether signing in to this account asks for a code after the password. */
  async isEnabled(userId: number): Promise<boolean> {
    return this.factors.existsBy({ userId, confirmedAt: Not(IsNull()) });
  }

  /**
   * A new secret for the app, waiting for its first code (confirmEnrolment); an earlier enrolment
   * not confirmed is replaced. 409 while a factor is on: it is turned off first.
   */
  async startEnrolment(user: { id: number; username: string }): Promise<SecondFactorEnrolment> {
    if (await this.isEnabled(user.id)) {
      throw new ConflictError('Two-step sign-in is already on. Turn it off first to set up another app.', 'SECOND_FACTOR_ENABLED');
    }
    const secret = new Secret({ size: SECRET_BYTES }).base32;
    const sealed = await this.settings.sealSecret(secret);
    // Only while none is confirmed: a confirmation racing this one keeps its factor.
    await this.dataSource.query(
      `INSERT INTO second_factors (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, created_at = now()
        WHERE second_factors.confirmed_at IS NULL`,
      [user.id, sealed],
    );
    // The issuer the authenticator app lists the account under: the shop's name in force.
    const issuer = (await this.shopIdentity.get()).name;
    const otpauthUri = new TOTP({ issuer, label: user.username, secret: Secret.fromBase32(secret), ...TOTP_PARAMS }).toString();
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, otpauthUri, qrCode };
  }

  /** The first code from the app turns the factor on and gives the recovery codes (shown once). */
  async confirmEnrolment(userId: number, code: string): Promise<RecoveryCodes> {
    const pending = await this.factors.findOneBy({ userId, confirmedAt: IsNull() });
    if (!pending) throw new ConflictError('There is no set-up waiting for a code. Start again.', 'NO_PENDING_ENROLMENT');
    const secret = await this.settings.openSecret(pending.secret, SEALED_KEY);
    const step = secret ? matchingStep(secret, code) : null;
    if (step === null) throw new UserInputError(WRONG_CODE, 'INVALID_CODE');
    return this.dataSource.transaction(async (manager) => {
      const confirmed = await manager
        .createQueryBuilder()
        .update(SecondFactorEntity)
        .set({ confirmedAt: () => 'now()', lastUsedStep: String(step) })
        .where('user_id = :userId AND confirmed_at IS NULL AND secret = :secret', { userId, secret: pending.secret })
        .execute();
      if (!confirmed.affected) throw new ConflictError('There is no set-up waiting for a code. Start again.', 'NO_PENDING_ENROLMENT');
      return this.replaceRecoveryCodes(manager, userId);
    });
  }

  /** A new set of recovery codes; the old ones stop working. 409 when the factor is off. */
  async newRecoveryCodes(userId: number): Promise<RecoveryCodes> {
    return this.dataSource.transaction(async (manager) => {
      const enabled = await manager.existsBy(SecondFactorEntity, { userId, confirmedAt: Not(IsNull()) });
      if (!enabled) throw new ConflictError('Two-step sign-in is off.', 'SECOND_FACTOR_DISABLED');
      return this.replaceRecoveryCodes(manager, userId);
    });
  }

  /** Turns the factor off (or drops a set-up not confirmed): the app's codes and the recovery codes stop working. */
  async disable(userId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(RecoveryCodeEntity, { userId });
      await manager.delete(SecondFactorEntity, { userId });
    });
  }

  /**
   * A one-time code from the account's app, taken at most once: true only when it matches the
   * current step (or the one either side) and that step is later than the last code taken.
   */
  async takeOneTimeCode(userId: number, code: string): Promise<boolean> {
    const factor = await this.factors.findOneBy({ userId, confirmedAt: Not(IsNull()) });
    const secret = factor ? await this.settings.openSecret(factor.secret, SEALED_KEY) : undefined;
    const step = secret ? matchingStep(secret, code) : null;
    if (step === null) return false;
    // One conditional UPDATE: of two requests with the same code, one takes it.
    const taken: unknown[] = await this.dataSource.query(
      `WITH taken AS (
         UPDATE second_factors SET last_used_step = $2
          WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)
          RETURNING user_id)
       SELECT user_id FROM taken`,
      [userId, step],
    );
    return taken.length > 0;
  }

  /** Spends a recovery code of an account whose factor is on: true the first time, false after. */
  async spendRecoveryCode(userId: number, code: string): Promise<boolean> {
    const spent: unknown[] = await this.dataSource.query(
      `WITH spent AS (
         UPDATE recovery_codes SET used_at = now()
          WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
            AND EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = $1 AND f.confirmed_at IS NOT NULL)
          RETURNING id)
       SELECT id FROM spent`,
      [userId, recoveryHash(code)],
    );
    return spent.length > 0;
  }

  private async replaceRecoveryCodes(manager: EntityManager, userId: number): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await manager.delete(RecoveryCodeEntity, { userId });
    await manager.insert(
      RecoveryCodeEntity,
      codes.map((code) => ({ userId, codeHash: recoveryHash(code) })),
    );
    return { recoveryCodes: codes };
  }
}
