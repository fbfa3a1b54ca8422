import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox becomes the record of every message the job queue delivers (mail/mail.service.ts):
 * its HTML part, template, reply-to, delivery state, attempts, last error and when it was sent.
 * Rows written before were kept messages (no SMTP_URL, or a refused send), so they read 'kept'.
 */
export class MailDelivery1764900000000 implements MigrationInterface {
  name = 'MailDelivery1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE mail_outbox
        ADD COLUMN body_html text,
        ADD COLUMN template varchar(40),
        ADD COLUMN reply_to jsonb,
        ADD COLUMN status varchar(10) NOT NULL DEFAULT 'kept',
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN last_error varchar(500),
        ADD COLUMN sent_at timestamptz,
        ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'kept'));
      ALTER TABLE mail_outbox ALTER COLUMN status SET DEFAULT 'queued';
      CREATE INDEX mail_outbox_status_idx ON mail_outbox (status, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX mail_outbox_status_idx;
      ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check,
        DROP COLUMN body_html, DROP COLUMN template, DROP COLUMN reply_to, DROP COLUMN status,
        DROP COLUMN attempts, DROP COLUMN last_error, DROP COLUMN sent_at;
    `);
  }
}
