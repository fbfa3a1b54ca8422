import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds (id = feed URL), scheduled locations imported from them keyed by the
 * VEVENT UID, the geocoding cache, and event booking inquiries.
 */
export class EventsCalendars1764100000000 implements MigrationInterface {
  name = 'EventsCalendars1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendars (
        id varchar(2000) PRIMARY KEY,
        name varchar(200) NOT NULL,
        is_primary boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        last_synced_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX calendars_one_primary_idx ON calendars (is_primary) WHERE is_primary;

      ALTER TABLE scheduled_locations
        ADD COLUMN source_uid varchar(1000),
        ADD COLUMN calendar_id varchar(2000) REFERENCES calendars(id) ON DELETE CASCADE;
      CREATE UNIQUE INDEX scheduled_locations_source_uid_idx ON scheduled_locations (source_uid);
      CREATE INDEX scheduled_locations_calendar_idx ON scheduled_locations (calendar_id);

      CREATE TABLE geocode_cache (
        query varchar(500) PRIMARY KEY,
        provider varchar(20) NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        display_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE event_inquiries (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(30),
        event_type varchar(20) NOT NULL CHECK (event_type IN ('wedding', 'corporate', 'party', 'other')),
        event_date date NOT NULL,
        guests integer NOT NULL CHECK (guests > 0),
        location varchar(300) NOT NULL,
        message text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE event_inquiries; DROP TABLE geocode_cache;
      DROP INDEX scheduled_locations_calendar_idx; DROP INDEX scheduled_locations_source_uid_idx;
      ALTER TABLE scheduled_locations DROP COLUMN calendar_id, DROP COLUMN source_uid;
      DROP TABLE calendars;
    `);
  }
}
