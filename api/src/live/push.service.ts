import { createPublicKey } from 'node:crypto';
import {
  PUSH_TOPICS_PER_ENDPOINT_MAX,
  type PushPayload,
  type PushPublicKey,
  type pushSubscribeSchema,
  pushTopicKey,
  type pushUnsubscribeSchema,
  roundCoordinate,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError, Repository } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { JobsService } from '../jobs/jobs.service';
import { PUSH_DELIVER_JOB, type PushDeliverJob } from './push-delivery.service';
import { PushKeysService } from './push-keys.service';
import { PushSubscriptionEntity } from './push-subscription.entity';

type SubscribeInput = z.output<typeof pushSubscribeSchema>;
type UnsubscribeInput = z.output<typeof pushUnsubscribeSchema>;

/** PostgreSQL's foreign_key_violation: the stop a topic names is not there. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Visitors' Web Push subscriptions: public routes, so they reveal nothing about
 * other subscriptions. One row per endpoint and topic (subscribing again updates it); one
 * browser's keys are one per endpoint, so new keys replace the old on all its rows.
 */
@Injectable()
export class PushService {
  constructor(
    @InjectRepository(PushSubscriptionEntity) private readonly subscriptions: Repository<PushSubscriptionEntity>,
    private readonly keys: PushKeysService,
    private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
  ) {}

  async publicKey(): Promise<PushPublicKey> {
    return { publicKey: (await this.keys.keys()).publicKey };
  }

  async subscribe({ subscription, topic, timeZone }: SubscribeInput): Promise<{ message: string }> {
    const { endpoint, keys } = subscription;
    refuseUnusableKey(keys.p256dh);
    const topicKey = pushTopicKey(topic);
    const near = topic.kind === 'near' ? topic : undefined;
    try {
      await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(PushSubscriptionEntity);
        const topics = await repo.count({ where: { endpoint } });
        if (topics >= PUSH_TOPICS_PER_ENDPOINT_MAX && !(await repo.existsBy({ endpoint, topicKey }))) {
          throw new ConflictError(`This browser already follows ${PUSH_TOPICS_PER_ENDPOINT_MAX} stops and places. Turn some off first.`, 'PUSH_TOPICS_LIMIT');
        }
        await repo.update({ endpoint }, { p256dh: keys.p256dh, auth: keys.auth });
        await m.query(
          `INSERT INTO push_subscriptions (endpoint, p256dh, auth, topic_key, kind, stop_id, latitude, longitude, miles, label, time_zone, order_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (endpoint, topic_key) DO UPDATE SET label = EXCLUDED.label, time_zone = COALESCE(EXCLUDED.time_zone, push_subscriptions.time_zone), updated_at = now()`,
          [
            endpoint,
            keys.p256dh,
            keys.auth,
            topicKey,
            topic.kind,
            topic.kind === 'stop' ? topic.stopId : null,
            near ? roundCoordinate(near.latitude) : null,
            near ? roundCoordinate(near.longitude) : null,
            near?.miles ?? null,
            near?.label ?? null,
            timeZone ?? null,
            topic.kind === 'order' ? topic.orderId.toLowerCase() : null,
          ],
        );
      });
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === FOREIGN_KEY_VIOLATION) {
        throw topic.kind === 'order'
          ? new NotFoundError('Order not found', 'ORDER_NOT_FOUND')
          : new NotFoundError('That stop is not on the schedule any more', 'STOP_NOT_FOUND');
      }
      throw err;
    }
    return { message: 'Notifications are on' };
  }

  /**
   * Tells the browsers following `topic` (an order's: 'order:<id>'), in the caller's transaction:
   * one delivery job each, sent by the queue after the commit (a move rolled back tells nobody).
   */
  async tell(m: EntityManager, topic: { kind: 'order'; orderId: string }, payload: PushPayload): Promise<number> {
    const rows: { id: number }[] = await m.query(`SELECT id FROM push_subscriptions WHERE topic_key = $1`, [pushTopicKey(topic)]);
    for (const row of rows) await this.jobs.send<PushDeliverJob>(PUSH_DELIVER_JOB, { subscriptionId: row.id, eventId: null, payload }, { manager: m });
    return rows.length;
  }

  /** Without a topic, every subscription of the endpoint. Answers the same whether anything matched or not. */
  async unsubscribe({ endpoint, topic }: UnsubscribeInput): Promise<{ message: string }> {
    await this.subscriptions.delete(topic ? { endpoint, topicKey: pushTopicKey(topic) } : { endpoint });
    return { message: 'Notifications are off' };
  }
}

/** The browser's key must be a point on P-256, or no message could ever be encrypted for it. */
function refuseUnusableKey(p256dh: string): void {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw new UserInputError('The browser’s p256dh key is not a P-256 public key', 'PUSH_KEY_INVALID');
  }
}
