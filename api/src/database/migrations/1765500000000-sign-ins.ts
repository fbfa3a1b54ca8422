import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each account's recent sign-ins, which its Security page lists: when, from which address and with
 * which browser (its User-Agent, cut to 512 characters). Only the newest RECENT_SIGN_INS_KEPT of
 * an account are kept (the insert drops the older ones); they go with the account. `session_hash`
 * is the sha256 of the session id the sign-in began, so the page can mark the viewer's own; the id
 * itself is never stored here. Not in backups (backup.tables.ts), like the sessions themselves.
 */
export class SignIns1765500000000 implements MigrationInterface {
  name = 'SignIns1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_ins (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        signed_in_at timestamptz NOT NULL DEFAULT now(),
        ip_address varchar(64),
        user_agent varchar(512),
        session_hash char(64)
      );
      CREATE INDEX sign_ins_user_idx ON sign_ins (user_id, signed_in_at DESC, id DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sign_ins`);
  }
}
