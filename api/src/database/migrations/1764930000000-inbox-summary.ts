import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's inbox and the week at a glance.
 * - contact_messages and event_inquiries get read_at and archived_at. Messages already there were
 *   all mailed to the shop when they came, so they start as read: the inbox does not open on a
 *   pile of old "unread" mail. The (created_at, id) indexes give each kind's newest rows for the
 *   merged list without a sort; the partial ones answer the unread count the header polls.
 * - inbox_replies: the owner's replies, one thread per message. `message_id` points into the table
 *   its `kind` names (no foreign key can say that); `outbox_id` is the mail_outbox row the reply was
 *   queued as, a plain number because the outbox is never in a backup. `sent_by` keeps the admin's
 *   username as it was. A new inbox kind (such as booking requests) widens the kind check.
 * - The summary's indexes, measured with EXPLAIN ANALYZE on the 100,000-order set (PostgreSQL 15):
 *   orders_completed_created_idx serves the grouped scan of the paid orders of the last five weeks
 *   (~5,000 of 100,000) and the month's orders the best sellers join, with the columns they read
 *   included so the scan needs no table rows once the table is vacuumed; orders_waiting_idx holds
 *   only the orders waiting to ship (a handful in a shop that ships; the large set marks every old
 *   order paid, and even then it is read instead of the table).
 */
export class InboxSummary1764930000000 implements MigrationInterface {
  name = 'InboxSummary1764930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE contact_messages ADD COLUMN read_at timestamptz, ADD COLUMN archived_at timestamptz;
      ALTER TABLE event_inquiries ADD COLUMN read_at timestamptz, ADD COLUMN archived_at timestamptz;
      UPDATE contact_messages SET read_at = now();
      UPDATE event_inquiries SET read_at = now();
      CREATE INDEX contact_messages_received_idx ON contact_messages (created_at DESC, id DESC);
      CREATE INDEX contact_messages_unread_idx ON contact_messages (created_at DESC, id DESC) WHERE read_at IS NULL AND archived_at IS NULL;
      CREATE INDEX event_inquiries_received_idx ON event_inquiries (created_at DESC, id DESC);
      CREATE INDEX event_inquiries_unread_idx ON event_inquiries (created_at DESC, id DESC) WHERE read_at IS NULL AND archived_at IS NULL;

      CREATE TABLE inbox_replies (
        id serial PRIMARY KEY,
        kind varchar(20) NOT NULL CHECK (kind IN ('contact', 'inquiry')),
        message_id integer NOT NULL,
        body text NOT NULL,
        sent_by varchar(100) NOT NULL,
        outbox_id integer,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX inbox_replies_thread_idx ON inbox_replies (kind, message_id, created_at, id);

      CREATE INDEX orders_completed_created_idx ON orders (created_at) INCLUDE (id, test_mode, total_cents, refunded_cents, fulfilment_status) WHERE status = 'COMPLETED';
      CREATE INDEX orders_waiting_idx ON orders (test_mode, created_at) WHERE status = 'COMPLETED' AND fulfilment_status IN ('paid', 'packed');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX orders_waiting_idx;
      DROP INDEX orders_completed_created_idx;
      DROP TABLE inbox_replies;
      DROP INDEX event_inquiries_unread_idx;
      DROP INDEX event_inquiries_received_idx;
      DROP INDEX contact_messages_unread_idx;
      DROP INDEX contact_messages_received_idx;
      ALTER TABLE event_inquiries DROP COLUMN archived_at, DROP COLUMN read_at;
      ALTER TABLE contact_messages DROP COLUMN archived_at, DROP COLUMN read_at;
    `);
  }
}
