import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's own text of the legal pages (privacy, terms, refund and cancellation), in Markdown,
 * one row per page. A page without a row shows its default text (legal/legal-defaults.ts).
 */
export class LegalPages1765550000000 implements MigrationInterface {
  name = 'LegalPages1765550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE legal_pages (
        kind varchar(20) PRIMARY KEY CHECK (kind IN ('privacy', 'terms', 'refund-policy')),
        markdown text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE legal_pages`);
  }
}
