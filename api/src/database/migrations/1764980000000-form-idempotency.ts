import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Writes that wait: a contact message or an event inquiry written offline is
 * kept on the device and sent when the network is back, carrying the id the device made for it.
 * `idempotency_key` keeps that id, unique, so a retry is answered as the first time and stored once
 * (the same column as bookings.idempotency_key). Nullable: a message sent without one is stored as
 * before, and a backup made before this column restores with it empty.
 */
export class FormIdempotency1764980000000 implements MigrationInterface {
  name = 'FormIdempotency1764980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_messages ADD COLUMN idempotency_key varchar(64) UNIQUE`);
    await q.query(`ALTER TABLE event_inquiries ADD COLUMN idempotency_key varchar(64) UNIQUE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_inquiries DROP COLUMN idempotency_key`);
    await q.query(`ALTER TABLE contact_messages DROP COLUMN idempotency_key`);
  }
}
