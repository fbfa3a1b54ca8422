import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ordering ahead for pickup at the cart's stops (docs/order-ahead.md). A stop takes orders only
 * when the owner says so. Each pickup order holds one place in its stop's slot: a row here, made
 * in the checkout's transaction while the stop row is locked, so a slot of capacity N never takes
 * N + 1 orders; removing the order (a payment that failed) frees its place.
 */
export class OrderAhead1765200000000 implements MigrationInterface {
  name = 'OrderAhead1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scheduled_locations ADD COLUMN takes_orders boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE pickup_slot_claims (
      order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
      stop_id integer NOT NULL REFERENCES scheduled_locations(id) ON DELETE RESTRICT,
      slot_start timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX pickup_slot_claims_slot ON pickup_slot_claims (stop_id, slot_start)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pickup_slot_claims`);
    await q.query(`ALTER TABLE scheduled_locations DROP COLUMN takes_orders`);
  }
}
