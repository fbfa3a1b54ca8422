import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push subscriptions of the live tracker: one row per browser endpoint and
 * topic ('any', 'stop:12', 'near:41.8827,-87.6233:5'), unique on the pair so subscribing twice
 * is one row. A stop topic goes with its stop (ON DELETE CASCADE); a near topic keeps its place
 * and radius. `time_zone` is the visitor's own, for the times a notification names.
 * The VAPID keys live in `settings` (PUSH_VAPID_PUBLIC_KEY, PUSH_VAPID_PRIVATE_KEY sealed).
 */
export class PushSubscriptions1764970000000 implements MigrationInterface {
  name = 'PushSubscriptions1764970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id serial PRIMARY KEY,
        endpoint varchar(1000) NOT NULL,
        p256dh varchar(100) NOT NULL,
        auth varchar(40) NOT NULL,
        topic_key varchar(80) NOT NULL,
        kind varchar(5) NOT NULL CHECK (kind IN ('any', 'stop', 'near')),
        stop_id integer REFERENCES scheduled_locations(id) ON DELETE CASCADE,
        latitude double precision CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision CHECK (longitude BETWEEN -180 AND 180),
        miles integer CHECK (miles BETWEEN 1 AND 100),
        label varchar(100),
        time_zone varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (endpoint, topic_key),
        CHECK ((kind = 'stop') = (stop_id IS NOT NULL)),
        CHECK ((kind = 'near') = (latitude IS NOT NULL AND longitude IS NOT NULL AND miles IS NOT NULL))
      );
      CREATE INDEX push_subscriptions_stop_idx ON push_subscriptions (stop_id) WHERE stop_id IS NOT NULL;
      CREATE INDEX push_subscriptions_near_idx ON push_subscriptions (latitude) WHERE kind = 'near';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
