import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookings on the tracker:
 * - bookings.tracker: the owner's choice, 'none' | 'public' | 'private' (BOOKING_TRACKER_CHOICES).
 * - bookings.stop_id: the booking's stop on the schedule while it shows there; a stop removed
 *   another way leaves the booking without one (ON DELETE SET NULL).
 * - scheduled_locations.booking_reference: the booking a stop belongs to (like calendar_id for a
 *   feed's stops), so the events module refuses edits to it without reading the bookings table.
 * - bookings.idempotency_key: the key a request may carry (the PWA's offline outbox sends its
 *   entry's id); unique, so a retry answers the booking it made instead of a second one.
 */
export class BookingStops1764950000000 implements MigrationInterface {
  name = 'BookingStops1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scheduled_locations ADD COLUMN booking_reference varchar(9)`);
    await q.query(`
      ALTER TABLE bookings
        ADD COLUMN tracker varchar(10) NOT NULL DEFAULT 'none' CHECK (tracker IN ('none', 'public', 'private')),
        ADD COLUMN stop_id integer REFERENCES scheduled_locations(id) ON DELETE SET NULL,
        ADD COLUMN idempotency_key varchar(64) UNIQUE`);
    await q.query(`CREATE INDEX bookings_stop_id_idx ON bookings (stop_id) WHERE stop_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings DROP COLUMN idempotency_key, DROP COLUMN stop_id, DROP COLUMN tracker`);
    await q.query(`ALTER TABLE scheduled_locations DROP COLUMN booking_reference`);
  }
}
