import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discount codes (docs/admin.md "Discounts"). A code takes either an amount (cents) or a whole
 * percentage off an order's subtotal, between two days of the shop's time zone, up to a number of
 * uses. A use is a row of discount_redemptions tied to its order: a pending order whose payment
 * fails is deleted, and its use goes with it. One use per customer (the account, else the e-mail)
 * is held by a unique index over the redemptions that were made under that rule.
 */
export class DiscountCodes1765570000000 implements MigrationInterface {
  name = 'DiscountCodes1765570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE discount_codes (
        id serial PRIMARY KEY,
        code varchar(32) NOT NULL UNIQUE CHECK (code = upper(code)),
        amount_cents integer CHECK (amount_cents > 0),
        percent smallint CHECK (percent BETWEEN 1 AND 100),
        starts_on date,
        ends_on date,
        usage_limit integer CHECK (usage_limit > 0),
        one_per_customer boolean NOT NULL DEFAULT true,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((amount_cents IS NULL) <> (percent IS NULL)),
        CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on)
      );
    `);
    await q.query(`
      CREATE TABLE discount_redemptions (
        id serial PRIMARY KEY,
        code_id integer NOT NULL REFERENCES discount_codes(id) ON DELETE RESTRICT,
        order_id uuid NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
        customer_key varchar(300) NOT NULL,
        one_per_customer boolean NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
    await q.query(`CREATE INDEX discount_redemptions_code ON discount_redemptions (code_id)`);
    await q.query(`CREATE UNIQUE INDEX discount_redemptions_once ON discount_redemptions (code_id, customer_key) WHERE one_per_customer`);
    await q.query(`ALTER TABLE orders ADD COLUMN discount_code varchar(32), ADD COLUMN discount_cents integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP COLUMN discount_code, DROP COLUMN discount_cents`);
    await q.query(`DROP TABLE discount_redemptions`);
    await q.query(`DROP TABLE discount_codes`);
  }
}
