import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order fulfilment and refunds (the owner's Orders tab):
 * - orders gain the fulfilment state (shared-types/src/fulfilment.ts; 'paid' for every order that
 *   is already COMPLETED, null while the payment is not), the carrier, tracking and the times the
 *   parcel left and arrived;
 * - `order_refunds` keeps every refund the owner makes (Square's or a test payment's), committed as
 *   PENDING before Square is asked and settled after; `lines` holds [{ itemId, quantity }] for a
 *   refund by line;
 * - `order_events.actor` says who made each move ('admin:<username>', 'checkout', 'webhook'...);
 *   the rows written before it take their source (and a row restored from an older backup shows
 *   its source: the column stays nullable);
 * - a trigger keeps "a COMPLETED order has a fulfilment state" for rows written by code that
 *   predates the column: an older backup being restored, the large seed. The settlement sets
 *   'paid' itself when it completes an order; the trigger only fills a null.
 * Indexes for the Orders tab on 100,000 orders: newest first (created_at DESC, id DESC), by
 * fulfilment state, the test flag, and prefix search on the e-mail and the names in lower case
 * ("C" collation, so LIKE 'abc%' can use them). The order number is the id's first 8 characters:
 * it is found as a range of the primary key.
 */
export class OrderFulfilment1764910000000 implements MigrationInterface {
  name = 'OrderFulfilment1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN fulfilment_status varchar(20) CHECK (fulfilment_status IN ('paid', 'packed', 'shipped', 'delivered', 'cancelled')),
        ADD COLUMN carrier varchar(20),
        ADD COLUMN tracking_number varchar(40),
        ADD COLUMN tracking_url varchar(500),
        ADD COLUMN shipped_at timestamptz,
        ADD COLUMN delivered_at timestamptz;
      UPDATE orders SET fulfilment_status = 'paid' WHERE status = 'COMPLETED';
      CREATE FUNCTION orders_fulfilment_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'COMPLETED' AND NEW.fulfilment_status IS NULL THEN
          NEW.fulfilment_status := 'paid';
        END IF;
        RETURN NEW;
      END;
      $$;
      CREATE TRIGGER orders_fulfilment_default BEFORE INSERT OR UPDATE OF status ON orders
        FOR EACH ROW EXECUTE FUNCTION orders_fulfilment_default();

      CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
      CREATE INDEX orders_fulfilment_created_idx ON orders (fulfilment_status, created_at DESC);
      CREATE INDEX orders_test_created_idx ON orders (test_mode, created_at DESC);
      CREATE INDEX orders_email_lower_idx ON orders (lower(email) COLLATE "C");
      CREATE INDEX orders_first_name_lower_idx ON orders (lower(shipping_first_name) COLLATE "C");
      CREATE INDEX orders_last_name_lower_idx ON orders (lower(shipping_last_name) COLLATE "C");
      CREATE INDEX orders_full_name_lower_idx ON orders (lower(shipping_first_name || ' ' || shipping_last_name) COLLATE "C");

      CREATE TABLE order_refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        reason varchar(192),
        square_refund_id varchar(100) UNIQUE,
        status varchar(20) NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'REJECTED', 'FAILED')),
        lines jsonb,
        restocked boolean NOT NULL DEFAULT false,
        created_by varchar(120) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_refunds_order_idx ON order_refunds (order_id, created_at);

      ALTER TABLE order_events ADD COLUMN actor varchar(120);
      UPDATE order_events SET actor = source;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE order_events DROP COLUMN actor;
      DROP TABLE order_refunds;
      DROP INDEX orders_full_name_lower_idx;
      DROP INDEX orders_last_name_lower_idx;
      DROP INDEX orders_first_name_lower_idx;
      DROP INDEX orders_email_lower_idx;
      DROP INDEX orders_test_created_idx;
      DROP INDEX orders_fulfilment_created_idx;
      DROP INDEX orders_created_idx;
      DROP TRIGGER orders_fulfilment_default ON orders;
      DROP FUNCTION orders_fulfilment_default();
      ALTER TABLE orders
        DROP COLUMN fulfilment_status, DROP COLUMN carrier, DROP COLUMN tracking_number,
        DROP COLUMN tracking_url, DROP COLUMN shipped_at, DROP COLUMN delivered_at;
    `);
  }
}
