import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step sign-in (docs/security.md). `second_factors`: one authenticator app per account, its
 * secret sealed like the Square tokens (settings' SecretBox, keyed by the session secret);
 * `confirmed_at` is null while the enrolment waits for its first code, and `last_used_step` is the
 * 30-second step of the last code taken, so a code works once. `recovery_codes`: the sha-256 of
 * each single-use code, `used_at` set when it is spent. Both go with the account (ON DELETE
 * CASCADE) and are in backups with the users.
 */
export class SecondFactor1765510000000 implements MigrationInterface {
  name = 'SecondFactor1765510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE second_factors (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret text NOT NULL,
        confirmed_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`
      CREATE TABLE recovery_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE recovery_codes`);
    await q.query(`DROP TABLE second_factors`);
  }
}
