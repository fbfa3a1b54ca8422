import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and their lines. `idempotency_key` is unique: a checkout inserts its order first and the
 * unique index makes a concurrent request with the same key wait, then find the committed order.
 */
export class Orders1763900000000 implements MigrationInterface {
  name = 'Orders1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key varchar(64) UNIQUE,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        email varchar(254) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('PENDING', 'OPEN', 'COMPLETED', 'CANCELED', 'DRAFT')),
        test_mode boolean NOT NULL,
        payment_id varchar(100) UNIQUE,
        square_order_id varchar(100),
        square_customer_id varchar(100),
        currency char(3) NOT NULL DEFAULT 'USD',
        subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
        shipping_cents integer NOT NULL CHECK (shipping_cents >= 0),
        tax_cents integer NOT NULL CHECK (tax_cents >= 0),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        shipping_first_name varchar(100) NOT NULL,
        shipping_last_name varchar(100) NOT NULL,
        shipping_phone varchar(30) NOT NULL,
        shipping_address varchar(200) NOT NULL,
        shipping_city varchar(100) NOT NULL,
        shipping_state varchar(50) NOT NULL,
        shipping_zip varchar(20) NOT NULL,
        shipping_country varchar(2) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC, id DESC);

      CREATE TABLE order_items (
        id serial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        product_id integer REFERENCES products(id) ON DELETE SET NULL,
        variation_id varchar(100),
        name varchar(120) NOT NULL,
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        quantity integer NOT NULL CHECK (quantity > 0),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        position smallint NOT NULL
      );
      CREATE INDEX order_items_order_idx ON order_items (order_id, position);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_items; DROP TABLE orders;`);
  }
}
