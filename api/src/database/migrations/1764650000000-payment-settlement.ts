import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment settlement outside transactions (a pending record is committed first and
 * settled after the Square call). Orders gain Square's last payment status and the refund state
 * webhooks report; `order_events` is the audit row of every move of an order (placed, paid,
 * canceled, refund recorded), written in the transaction of the move. A partial index finds the
 * checkouts still PENDING for the reconciler without scanning the orders.
 */
export class PaymentSettlement1764650000000 implements MigrationInterface {
  name = 'PaymentSettlement1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN payment_status varchar(20),
        ADD COLUMN refund_status varchar(20),
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
      CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'PENDING';

      CREATE TABLE order_events (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        type varchar(40) NOT NULL,
        from_status varchar(20),
        to_status varchar(20),
        source varchar(20) NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_events_order_idx ON order_events (order_id, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE order_events;
      DROP INDEX orders_pending_idx;
      ALTER TABLE orders DROP COLUMN payment_status, DROP COLUMN refund_status, DROP COLUMN refunded_cents;
    `);
  }
}
