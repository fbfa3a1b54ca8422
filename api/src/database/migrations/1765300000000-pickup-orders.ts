import type { MigrationInterface, QueryRunner } from 'typeorm';

const SHIPPING_COLUMNS = [
  'shipping_first_name',
  'shipping_last_name',
  'shipping_phone',
  'shipping_address',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'shipping_country',
];

/** The trigger function that gives a COMPLETED order written by older code its fulfilment state. */
function fulfilmentDefault(condition: string): string {
  return `CREATE OR REPLACE FUNCTION orders_fulfilment_default() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${condition} THEN
        NEW.fulfilment_status := 'paid';
      END IF;
      RETURN NEW;
    END;
    $$`;
}

/**
 * Pickup orders at the cart's stops (docs/order-ahead.md). An order says how it is fulfilled; a
 * pickup order has no shipping address (those columns are empty), and has its stop, the slot it
 * holds a place in, the minutes the owner delayed it, a code unique among its stop's orders, its
 * own state, the name for the cup, an optional phone, and the tip paid with it. A product says
 * whether it is on the cart's menu, and its options there (size, milk ...) with their price
 * changes; an order line keeps the options chosen. A browser can follow its pickup order (a push
 * topic).
 */
export class PickupOrders1765300000000 implements MigrationInterface {
  name = 'PickupOrders1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders
      ADD COLUMN fulfilment_method varchar(10) NOT NULL DEFAULT 'shipping' CHECK (fulfilment_method IN ('shipping', 'pickup')),
      ADD COLUMN tip_cents integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
      ADD COLUMN pickup_stop_id integer REFERENCES scheduled_locations(id) ON DELETE RESTRICT,
      ADD COLUMN pickup_slot_start timestamptz,
      ADD COLUMN pickup_delay_minutes integer NOT NULL DEFAULT 0,
      ADD COLUMN pickup_code varchar(4),
      ADD COLUMN pickup_status varchar(20),
      ADD COLUMN pickup_name varchar(60),
      ADD COLUMN pickup_phone varchar(40)`);
    for (const column of SHIPPING_COLUMNS) await q.query(`ALTER TABLE orders ALTER COLUMN ${column} DROP NOT NULL`);
    // A paid parcel waits to be packed ('paid'); a pickup order has its own states instead.
    await q.query(fulfilmentDefault(`NEW.status = 'COMPLETED' AND NEW.fulfilment_status IS NULL AND NEW.fulfilment_method = 'shipping'`));
    await q.query(`CREATE UNIQUE INDEX orders_pickup_code ON orders (pickup_stop_id, pickup_code) WHERE pickup_code IS NOT NULL`);
    await q.query(`CREATE INDEX orders_pickup_slot ON orders (pickup_slot_start) WHERE pickup_stop_id IS NOT NULL`);
    await q.query(`ALTER TABLE products ADD COLUMN sold_at_cart boolean NOT NULL DEFAULT false, ADD COLUMN options jsonb NOT NULL DEFAULT '[]'`);
    // A line keeps the options chosen (its name says them too, so it may be longer).
    await q.query(`ALTER TABLE order_items ADD COLUMN options jsonb, ALTER COLUMN name TYPE varchar(300)`);
    // A browser may be told when its pickup order is ready or delayed: the topic 'order'.
    await q.query(`ALTER TABLE push_subscriptions
      DROP CONSTRAINT push_subscriptions_kind_check,
      ALTER COLUMN kind TYPE varchar(8),
      ADD CONSTRAINT push_subscriptions_kind_check CHECK (kind IN ('any', 'stop', 'near', 'order')),
      ADD COLUMN order_id uuid REFERENCES orders(id) ON DELETE CASCADE,
      ADD CONSTRAINT push_subscriptions_order_check CHECK ((kind = 'order') = (order_id IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM push_subscriptions WHERE kind = 'order'`);
    await q.query(`ALTER TABLE push_subscriptions
      DROP CONSTRAINT push_subscriptions_order_check,
      DROP COLUMN order_id,
      DROP CONSTRAINT push_subscriptions_kind_check,
      ALTER COLUMN kind TYPE varchar(5),
      ADD CONSTRAINT push_subscriptions_kind_check CHECK (kind IN ('any', 'stop', 'near'))`);
    await q.query(`ALTER TABLE order_items DROP COLUMN options`);
    await q.query(`ALTER TABLE products DROP COLUMN sold_at_cart, DROP COLUMN options`);
    await q.query(`DELETE FROM orders WHERE fulfilment_method = 'pickup'`);
    await q.query(fulfilmentDefault(`NEW.status = 'COMPLETED' AND NEW.fulfilment_status IS NULL`));
    for (const column of SHIPPING_COLUMNS) await q.query(`ALTER TABLE orders ALTER COLUMN ${column} SET NOT NULL`);
    await q.query(`ALTER TABLE orders
      DROP COLUMN fulfilment_method, DROP COLUMN tip_cents, DROP COLUMN pickup_stop_id, DROP COLUMN pickup_slot_start,
      DROP COLUMN pickup_delay_minutes, DROP COLUMN pickup_code, DROP COLUMN pickup_status, DROP COLUMN pickup_name, DROP COLUMN pickup_phone`);
  }
}
