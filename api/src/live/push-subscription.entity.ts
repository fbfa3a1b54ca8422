import { Entity } from 'typeorm';
import { Double, Int, Uuid, Varchar } from '../common/typed-columns';
import { EditedRow } from '../database/row.columns';

export const PUSH_SUBSCRIPTIONS_TABLE = 'push_subscriptions';

/** One browser's Web Push subscription to one topic (migration 1764970000000-push-subscriptions). */
@Entity(PUSH_SUBSCRIPTIONS_TABLE)
export class PushSubscriptionEntity extends EditedRow {
  /** The push service's URL for this browser (https only). */
  @Varchar(1000) endpoint: string;

  /** The browser's P-256 public key and auth secret, base64url: what the message is encrypted for (RFC 8291). */
  @Varchar(100) p256dh: string;
  @Varchar(40) auth: string;

  /** pushTopicKey(topic): 'any', 'stop:12', 'near:41.8827,-87.6233:5', 'order:<id>'. Unique with the endpoint. */
  @Varchar(80) topicKey: string;
  @Varchar(8) kind: 'any' | 'stop' | 'near' | 'order';
  @Int({ nullable: true }) stopId: number | null;

  /** A pickup order the browser follows (ready, delayed); removed with the order. */
  @Uuid({ nullable: true }) orderId: string | null;
  @Double({ nullable: true }) latitude: number | null;
  @Double({ nullable: true }) longitude: number | null;
  @Int({ nullable: true }) miles: number | null;
  @Varchar(100, { nullable: true }) label: string | null;

  /** The visitor's own zone (IANA), for the times a notification names; null when not sent. */
  @Varchar(64, { nullable: true }) timeZone: string | null;
}
