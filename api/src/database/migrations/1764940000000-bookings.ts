import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event bookings: packages, bookings, their audit thread, the owner's blocked days and
 * the payments in and out of each booking.
 * - bookings.state holds the states of shared-types' BOOKING_STATES (a check lists them); the day
 *   is a `date` in the shop's zone, the times its wall clock. reference is unique ('CB-7K3Q').
 *   read_at / archived_at are the owner's inbox marks of a request, as on contact messages.
 * - booking_payments: at most one live (pending or completed) deposit and one balance per booking,
 *   by a unique partial index, so two payments racing cannot both be taken; idempotency keys are
 *   unique across all of them. A refund row names the payment it gives back (refund_of) without a
 *   foreign key: a restore inserts the table in chunks, in id order, not parents first.
 * - A package used by a booking cannot be deleted (RESTRICT): the owner deactivates it instead.
 * - inbox_replies may now belong to a booking request as well.
 * - mail_outbox.attachments: a message's files (the booking's calendar invitation), kept with the
 *   message until it is delivered.
 */
export class Bookings1764940000000 implements MigrationInterface {
  name = 'Bookings1764940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_packages (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        description text NOT NULL DEFAULT '',
        included jsonb NOT NULL DEFAULT '[]'::jsonb,
        price_per_guest_cents integer NOT NULL CHECK (price_per_guest_cents >= 0),
        minimum_cents integer NOT NULL CHECK (minimum_cents >= 0),
        deposit_percent integer NOT NULL CHECK (deposit_percent BETWEEN 0 AND 100),
        duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
        min_guests integer NOT NULL CHECK (min_guests >= 1),
        max_guests integer NOT NULL CHECK (max_guests >= min_guests),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE bookings (
        id serial PRIMARY KEY,
        reference varchar(9) NOT NULL UNIQUE,
        token_nonce varchar(32) NOT NULL,
        state varchar(20) NOT NULL CHECK (state IN ('requested', 'awaiting_deposit', 'confirmed', 'balance_due', 'completed', 'declined', 'cancelled')),
        package_id integer NOT NULL REFERENCES booking_packages(id) ON DELETE RESTRICT,
        package_name varchar(100) NOT NULL,
        event_date date NOT NULL,
        start_time varchar(5) NOT NULL,
        end_time varchar(5) NOT NULL,
        guests integer NOT NULL CHECK (guests >= 1),
        venue_name varchar(200) NOT NULL,
        venue_address varchar(300) NOT NULL,
        contact_name varchar(100) NOT NULL,
        contact_email varchar(254) NOT NULL,
        contact_phone varchar(40) NOT NULL,
        notes text,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        quote_cents integer NOT NULL CHECK (quote_cents >= 0),
        deposit_percent integer NOT NULL CHECK (deposit_percent BETWEEN 0 AND 100),
        deposit_cents integer NOT NULL CHECK (deposit_cents >= 0),
        balance_cents integer NOT NULL CHECK (balance_cents >= 0),
        deposit_paid_cents integer NOT NULL DEFAULT 0 CHECK (deposit_paid_cents >= 0),
        balance_paid_cents integer NOT NULL DEFAULT 0 CHECK (balance_paid_cents >= 0),
        refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
        balance_due_date date,
        owner_message text,
        read_at timestamptz,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (refunded_cents <= deposit_paid_cents + balance_paid_cents)
      );
      CREATE INDEX bookings_event_date_idx ON bookings (event_date, start_time);
      CREATE INDEX bookings_state_idx ON bookings (state, event_date);
      CREATE INDEX bookings_user_idx ON bookings (user_id, event_date) WHERE user_id IS NOT NULL;
      CREATE INDEX bookings_received_idx ON bookings (created_at DESC, id DESC);
      CREATE INDEX bookings_unread_idx ON bookings (created_at DESC, id DESC) WHERE read_at IS NULL AND archived_at IS NULL;
      CREATE INDEX bookings_package_idx ON bookings (package_id);

      CREATE TABLE booking_events (
        id bigserial PRIMARY KEY,
        booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
        actor varchar(120) NOT NULL,
        type varchar(40) NOT NULL,
        from_state varchar(20),
        to_state varchar(20),
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, id);

      CREATE TABLE booking_blocked_days (
        day date PRIMARY KEY,
        note varchar(200),
        created_by varchar(120) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE booking_payments (
        id uuid PRIMARY KEY,
        booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('deposit', 'balance', 'refund')),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status varchar(10) NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
        test_mode boolean NOT NULL,
        idempotency_key varchar(64) NOT NULL UNIQUE,
        square_payment_id varchar(100),
        square_refund_id varchar(100),
        provider_status varchar(20),
        refund_of uuid,
        error varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      );
      CREATE UNIQUE INDEX booking_payments_one_live_per_kind ON booking_payments (booking_id, kind) WHERE kind <> 'refund' AND status <> 'failed';
      CREATE INDEX booking_payments_booking_idx ON booking_payments (booking_id, created_at);

      ALTER TABLE inbox_replies DROP CONSTRAINT inbox_replies_kind_check;
      ALTER TABLE inbox_replies ADD CONSTRAINT inbox_replies_kind_check CHECK (kind IN ('contact', 'inquiry', 'booking'));

      ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE mail_outbox DROP COLUMN attachments;
      DELETE FROM inbox_replies WHERE kind = 'booking';
      ALTER TABLE inbox_replies DROP CONSTRAINT inbox_replies_kind_check;
      ALTER TABLE inbox_replies ADD CONSTRAINT inbox_replies_kind_check CHECK (kind IN ('contact', 'inquiry'));
      DROP TABLE booking_payments;
      DROP TABLE booking_blocked_days;
      DROP TABLE booking_events;
      DROP TABLE bookings;
      DROP TABLE booking_packages;
    `);
  }
}
