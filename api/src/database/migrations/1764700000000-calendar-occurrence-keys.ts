import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds are expanded into occurrences, keyed by feed: an imported stop is unique by
 * (calendar_id, source_uid), where source_uid is `${UID}#${RECURRENCE-ID}` for an occurrence of a
 * series (the UID alone for a single event). Two feeds carrying the same UID no longer overwrite or
 * delete each other's stops. Rows imported under the old key (the bare UID) are replaced by the
 * next sync of their feed. The (calendar_id) index is covered by the new one.
 */
export class CalendarOccurrenceKeys1764700000000 implements MigrationInterface {
  name = 'CalendarOccurrenceKeys1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX scheduled_locations_source_uid_idx;
      DROP INDEX scheduled_locations_calendar_idx;
      CREATE UNIQUE INDEX scheduled_locations_feed_key_idx ON scheduled_locations (calendar_id, source_uid);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // The old key was global: of stops sharing a source_uid across feeds, the first imported stays.
    await q.query(`
      DELETE FROM scheduled_locations a USING scheduled_locations b WHERE a.source_uid = b.source_uid AND a.id > b.id;
      DROP INDEX scheduled_locations_feed_key_idx;
      CREATE INDEX scheduled_locations_calendar_idx ON scheduled_locations (calendar_id);
      CREATE UNIQUE INDEX scheduled_locations_source_uid_idx ON scheduled_locations (source_uid);
    `);
  }
}
