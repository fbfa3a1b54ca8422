import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { hashPassword } from './password.hasher';
import { passwordRefusal } from './password.policy';

/**
 * On start, creates the admin named ADMIN_USERNAME when no such user exists, with ADMIN_PASSWORD
 * or, when unset, a generated password printed once. An ADMIN_PASSWORD the password rule refuses
 * (a common one, or the admin's own name or e-mail; its length is checked with the configuration)
 * is not used: the admin gets a generated password, printed once, and the log says why. Replicas starting together are safe: the
 * insert does nothing on a unique conflict and only the replica whose row went in reports it.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.ensureAdmin();
  }

  async ensureAdmin(): Promise<void> {
    const username = this.config.ADMIN_USERNAME;
    const exists: unknown[] = await this.dataSource.query(`SELECT 1 FROM users WHERE lower(username) = lower($1)`, [username]);
    if (exists.length > 0) return;

    const chosen = this.config.ADMIN_PASSWORD;
    const refusal = chosen === undefined ? undefined : await passwordRefusal(chosen, { username, email: this.config.ADMIN_EMAIL });
    if (refusal) log('error', `ADMIN_PASSWORD not used: ${refusal.message} A generated password is printed below instead.`, { username });
    const password = chosen !== undefined && !refusal ? chosen : randomBytes(12).toString('base64url');
    const generated = password !== chosen;
    const inserted: { id: number }[] = await this.dataSource.query(
      `INSERT INTO users (username, email, password_hash, first_name, is_admin)
       VALUES ($1, $2, $3, 'Admin', true)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [username, this.config.ADMIN_EMAIL, await hashPassword(password)],
    );
    if (inserted.length === 0) {
      const again: unknown[] = await this.dataSource.query(`SELECT 1 FROM users WHERE lower(username) = lower($1)`, [username]);
      if (again.length === 0) {
        log('error', 'Admin account not created: ADMIN_EMAIL already belongs to another account', { username, email: this.config.ADMIN_EMAIL });
      }
      return;
    }
    if (generated) {
      log('warn', `First admin account created. Username: ${username}  Password: ${password}  (shown once; set ADMIN_PASSWORD or change it after logging in)`, {
        username,
        // Deliberately printed once (with no ADMIN_PASSWORD set, the owner has no other way to learn
        // it), under a name the log's redaction of 'password' fields does not cover.
        generatedPassword: password,
      });
    } else {
      log('info', 'First admin account created from ADMIN_USERNAME / ADMIN_PASSWORD', { username });
    }
  }
}
