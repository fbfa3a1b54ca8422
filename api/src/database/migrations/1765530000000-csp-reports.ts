import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pages' Content-Security-Policy violations as browsers report them (POST /api/csp-reports,
 * docs/security.md): where it happened and what was blocked, without query strings, and the
 * browser. Only the newest reports are kept (CSP_REPORTS_KEPT): each insert drops the older ones.
 */
export class CspReports1765530000000 implements MigrationInterface {
  name = 'CspReports1765530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE csp_reports (
        id serial PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        document_url varchar(2048) NOT NULL,
        blocked_url varchar(2048),
        directive varchar(100) NOT NULL,
        source_file varchar(2048),
        line_number integer,
        column_number integer,
        sample varchar(200),
        disposition varchar(20),
        user_agent varchar(512)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE csp_reports`);
  }
}
