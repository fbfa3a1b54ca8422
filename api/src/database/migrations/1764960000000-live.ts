import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live tracker:
 * - live_state: the cart now, one row (id = 1), written in the same transaction as the history
 *   row of each change. The row starts not live. `last_event_id` is the history row of the last
 *   change (the event stream's `id:`). A restore of a backup made before this table existed leaves
 *   it empty: the service reads no row as "not live" and writes it back on the next change.
 * - live_events: the history, one row per check-in, status change and check-out. `stop_id` names
 *   the scheduled stop checked in at without a foreign key: the history outlives a deleted stop.
 * - geocode_cache.label: a reverse lookup's short name for a place (its name, or house number and
 *   road), kept beside its display name; null for address lookups.
 */
export class Live1764960000000 implements MigrationInterface {
  name = 'Live1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE live_state (
        id smallint PRIMARY KEY CHECK (id = 1),
        live boolean NOT NULL DEFAULT false,
        stop_id integer,
        label varchar(200),
        address varchar(500),
        latitude double precision CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision CHECK (longitude BETWEEN -180 AND 180),
        status varchar(10) CHECK (status IN ('serving', 'late', 'closing', 'closed')),
        minutes integer CHECK (minutes > 0),
        sold_out jsonb NOT NULL DEFAULT '[]'::jsonb,
        since timestamptz,
        updated_at timestamptz,
        last_event_id integer,
        CHECK (NOT live OR (label IS NOT NULL AND status IS NOT NULL AND since IS NOT NULL))
      );
      INSERT INTO live_state (id) VALUES (1);

      CREATE TABLE live_events (
        id serial PRIMARY KEY,
        type varchar(20) NOT NULL CHECK (type IN ('check-in', 'serving', 'late', 'closing', 'closed', 'sold-out', 'back-in-stock', 'check-out')),
        actor varchar(120) NOT NULL,
        stop_id integer,
        label varchar(200),
        address varchar(500),
        latitude double precision,
        longitude double precision,
        minutes integer,
        product varchar(100),
        created_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE geocode_cache ADD COLUMN label varchar(200);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE geocode_cache DROP COLUMN label`);
    await q.query(`DROP TABLE live_events`);
    await q.query(`DROP TABLE live_state`);
  }
}
