import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Square's webhook events, one row per event_id (docs/decisions.md, "Square's webhooks"): a
 * redelivery finds its row and changes nothing. `data` is what the shop read from the event (ids,
 * status, amount, Square's updated_at), not the body Square sent; the job that handles the event
 * reads it from here. `payment_id` is the payment the event is about (a refund's payment), so the
 * events of one payment are found together; `object_id` and `object_updated_at` order the events
 * of one payment or refund. `outcome` says what handling made of it. Rows go 30 days after they
 * were received.
 */
export class SquareWebhookEvents1765520000000 implements MigrationInterface {
  name = 'SquareWebhookEvents1765520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE square_webhook_events (
        event_id varchar(200) PRIMARY KEY,
        type varchar(100) NOT NULL,
        object_id varchar(192),
        payment_id varchar(192),
        object_updated_at timestamptz,
        data jsonb,
        received_at timestamptz NOT NULL DEFAULT now(),
        handled_at timestamptz,
        outcome varchar(20)
      )
    `);
    await q.query(`CREATE INDEX square_webhook_events_payment_idx ON square_webhook_events (payment_id) WHERE payment_id IS NOT NULL`);
    await q.query(`CREATE INDEX square_webhook_events_received_idx ON square_webhook_events (received_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE square_webhook_events`);
  }
}
