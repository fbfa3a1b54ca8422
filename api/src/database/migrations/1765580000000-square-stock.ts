import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One stock with Square's (docs/operations.md, "Stock with Square connected"): products are matched
 * to Square's counts by the variation id the catalogue sync stores (products.variation_id, unique
 * already). `square_counted_at` is Square's `calculated_at` of the count last applied to the
 * product, so a count Square calculated earlier (an event delivered late) is not applied over a
 * newer one. Null: no Square count was ever applied, and the online sale of it is not sent to Square.
 */
export class SquareStock1765580000000 implements MigrationInterface {
  name = 'SquareStock1765580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN square_counted_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN square_counted_at`);
  }
}
