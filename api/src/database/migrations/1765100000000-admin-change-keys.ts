import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's tablet at the truck: a check-in, status change, check-out or order
 * move made offline waits on the tablet and is replayed when the signal returns, carrying the id the
 * tablet made for it (header Idempotency-Key). A key is claimed in the change's own transaction, so
 * a replay whose first answer was lost finds it claimed and changes nothing (no second e-mail, no
 * second history row). `scope` names what the key was used for (`live:check-in`, `order-fulfilment:<id>`, ...):
 * the same key sent for another change is refused. Not in backups (backup.tables.ts): a key only
 * matters for the minutes a tablet replays.
 */
export class AdminChangeKeys1765100000000 implements MigrationInterface {
  name = 'AdminChangeKeys1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE admin_change_keys (key varchar(64) PRIMARY KEY, scope varchar(80) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_change_keys`);
  }
}
