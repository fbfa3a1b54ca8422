import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of the rate limits (common/rate-limit.guard.ts), shared by every replica: the table
 * rate-limiter-flexible's PostgreSQL store reads and writes (key, points, expire in epoch ms), made
 * here once rather than by the library at run time. Rows are short-lived: expired ones are swept.
 */
export class RateLimits1764800000000 implements MigrationInterface {
  name = 'RateLimits1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
  }
}
