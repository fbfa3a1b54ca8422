import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each account's password was last changed (a change or a reset; null: never since this
 * column came). The go-live checklist reads the first admin's: the password it was created with
 * (ADMIN_PASSWORD, or the one printed once) should not stay. The shop's identity itself lives in
 * the settings table (settings/shop-identity.service.ts) and needs no table.
 */
export class ShopIdentity1765540000000 implements MigrationInterface {
  name = 'ShopIdentity1765540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN password_changed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN password_changed_at`);
  }
}
