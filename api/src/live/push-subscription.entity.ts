import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

export const PUSH_SUBSCRIPTIONS_TABLE = 'push_subscriptions';

/** One browser's Web Push subscription to one topic (migration 1764970000000-push-subscriptions). */
@Entity(PUSH_SUBSCRIPTIONS_TABLE)
export class PushSubscriptionEntity extends EditedRow {
  /** The push service's URL for this browser (https only). */
  @Column({ type: 'varchar', length: 1000 })
  endpoint: string;

  /** The browser's P-256 public key and auth secret, base64url: what the message is encrypted for (RFC 8291). */
  @Column({ type: 'varchar', length: 100 })
  p256dh: string;

  @Column({ type: 'varchar', length: 40 })
  auth: string;

  /** pushTopicKey(topic): 'any', 'stop:12', 'near:41.8827,-87.6233:5', 'order:<id>'. Unique with the endpoint. */
  @Column({ type: 'varchar', length: 80 })
  topicKey: string;

  @Column({ type: 'varchar', length: 8 })
  kind: 'any' | 'stop' | 'near' | 'order';

  @Column({ type: 'integer', nullable: true })
  stopId: number | null;

  /** A pickup order the browser follows (ready, delayed); removed with the order. */
  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Column({ type: 'integer', nullable: true })
  miles: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  label: string | null;

  /** The visitor's own zone (IANA), for the times a notification names; null when not sent. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  timeZone: string | null;
}
