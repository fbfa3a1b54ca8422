import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock: an optional count per product (null = not counted) and an optional low-stock
 * threshold. The checks keep a count from going below 0 whatever writes it; the checkout's
 * conditional decrement (catalogue/stock.service.ts) is what keeps concurrent buyers from
 * overselling. Existing products start not counted, so nothing changes until the owner sets a count.
 * The partial index serves the low-stock list (counted products, fewest first).
 */
export class Stock1764920000000 implements MigrationInterface {
  name = 'Stock1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products
        ADD COLUMN stock_count integer CONSTRAINT products_stock_count_check CHECK (stock_count >= 0),
        ADD COLUMN low_stock_threshold integer CONSTRAINT products_low_stock_threshold_check CHECK (low_stock_threshold >= 0);
      CREATE INDEX products_counted_idx ON products (stock_count, id) WHERE stock_count IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_counted_idx`);
    await q.query(`ALTER TABLE products DROP COLUMN stock_count, DROP COLUMN low_stock_threshold`);
  }
}
