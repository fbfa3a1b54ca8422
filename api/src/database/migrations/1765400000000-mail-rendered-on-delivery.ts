import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message is queued as its template's name and data, and written out (subject, text, HTML) by
 * the delivery job: the change that causes a mail (a checkout under a crowd, say) no longer
 * renders it. `data` holds what the template reads; subject and bodies stay null until the first
 * delivery attempt renders them, and are kept from then on.
 */
export class MailRenderedOnDelivery1765400000000 implements MigrationInterface {
  name = 'MailRenderedOnDelivery1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN data jsonb, ALTER COLUMN subject DROP NOT NULL, ALTER COLUMN body_text DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE mail_outbox SET subject = coalesce(subject, template, ''), body_text = coalesce(body_text, '')`);
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN data, ALTER COLUMN subject SET NOT NULL, ALTER COLUMN body_text SET NOT NULL`);
  }
}
