import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for lookups that scanned whole tables on the large data set (`npm run seed:large`:
 * 5,000 products, 100,000 orders with 200,000 items), measured with EXPLAIN ANALYZE on PostgreSQL 15:
 * - the catalogue order (featured first, then lower(name) in "C" collation, then id): the old
 *   (featured, name) index did not match it, so every list sorted the whole table
 *   (public list of 500: 13.9 ms → 1.1 ms, index scan with LIMIT);
 * - order_items.product_id: deleting a product (ON DELETE SET NULL) scanned every order line
 *   (33 ms → 1.2 ms);
 * - products.slug with pattern operators: the free-slug look-up (LIKE 'stem%') cannot use the
 *   unique index outside the "C" collation (seq scan → index-only scan);
 * - scheduled_locations (date, id): the events order and its keyset cursor, without a sort step;
 * - the session's user id: signing an account out everywhere (password change, reset) found its
 *   sessions by scanning them all.
 */
export class LargeDataIndexes1764500000000 implements MigrationInterface {
  name = 'LargeDataIndexes1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX products_listing_idx;
      CREATE INDEX products_listing_idx ON products (featured DESC, lower(name) COLLATE "C", id);
      CREATE INDEX products_slug_pattern_idx ON products (slug varchar_pattern_ops);
      CREATE INDEX order_items_product_idx ON order_items (product_id);
      DROP INDEX scheduled_locations_date_idx;
      CREATE INDEX scheduled_locations_date_id_idx ON scheduled_locations (date, id);
      CREATE INDEX session_user_idx ON session ((sess::jsonb -> 'passport' ->> 'user'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX session_user_idx;
      DROP INDEX scheduled_locations_date_id_idx;
      CREATE INDEX scheduled_locations_date_idx ON scheduled_locations (date);
      DROP INDEX order_items_product_idx;
      DROP INDEX products_slug_pattern_idx;
      DROP INDEX products_listing_idx;
      CREATE INDEX products_listing_idx ON products (featured DESC, name);
    `);
  }
}
