import { distanceKm, liveHeadline, liveSoldOutLine, type PushPayload } from '@cocoa/shared-types';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { generateRequestDetails } from 'web-push';
import { log } from '../common/logger';
import { OutboundFetchError, type OutboundResponse, safeFetch } from '../common/outbound-fetch';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { type JobRun, JobsService } from '../jobs/jobs.service';
import { LIVE_PUSH_JOB, type LivePushJob } from './live.constants';
import { PushKeysService } from './push-keys.service';
import { PushSubscriptionEntity } from './push-subscription.entity';

/** One message to one browser: fanned out by the LIVE_PUSH_JOB worker, retried on its own. */
export const PUSH_DELIVER_JOB = 'live.push.deliver';
export interface PushDeliverJob {
  subscriptionId: number;
  /** The live change (live_events.id) it tells of; null for an order's news. */
  eventId: number | null;
  payload: PushPayload;
}

/** How long a push service keeps a message for a browser that is offline (seconds). */
export const PUSH_TTL_S = 3600;
const PUSH_TIMEOUT_MS = 10_000;
/** A push service answers with an empty body or a short error. */
const PUSH_ANSWER_MAX_BYTES = 16 * 1024;
const KM_PER_MILE = 1.609344;
/** A degree of latitude is ~69 miles: a box of 1.5° around the place holds every 100-mile radius. */
const NEAR_BOX_DEGREES = 1.5;

/**
 * What a live change tells its subscribers: the shared wording (liveHeadline, liveSoldOutLine) as
 * the title, a line for the body, and the tracker on that stop to open. A reader whose zone is not
 * known (`viewerZone` null) reads times with the shop zone's abbreviation.
 */
export function livePushPayload({ change, state }: Pick<LivePushJob, 'change' | 'state'>, viewerZone: string | null): PushPayload {
  const stopId = state.place?.stopId ?? null;
  const soldOut = liveSoldOutLine(state);
  let body: string;
  if (change === 'check-in') body = soldOut ? `The cocoa cart just arrived. ${soldOut}.` : 'The cocoa cart just arrived. Tap to see it on the tracker.';
  else if (state.status === 'closed') body = `The cocoa cart has closed${state.place ? ` at ${state.place.label}` : ''}. Tap to see where it goes next.`;
  else body = soldOut ? `${soldOut}.` : 'Tap to see the latest on the tracker.';
  return {
    title: liveHeadline(state, viewerZone ?? 'UTC') ?? 'The cocoa cart',
    body,
    url: stopId !== null ? `/cocoa-tracker?stop=${stopId}` : '/cocoa-tracker',
    tag: 'live',
  };
}

type Recipient = Pick<PushSubscriptionEntity, 'id' | 'endpoint' | 'timeZone'>;

/**
 * Sends the live tracker's notifications through the job queue (the push a change
 * causes is queued in its transaction; the queue delivers it with retries):
 * - LIVE_PUSH_JOB (queued by every live change): decides who is told. A check-in tells 'any'
 *   subscribers, that stop's subscribers and 'near' subscribers within their miles of the place
 *   (haversine, shared-types distanceKm); a status change tells 'any' and that stop's; a check-out
 *   nobody. One message per browser however many of its topics match. It queues one
 *   PUSH_DELIVER_JOB per browser, all in one transaction, so a retry of it never half-repeats.
 * - PUSH_DELIVER_JOB: encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with web-push's
 *   generateRequestDetails, and POSTs it through safeFetch: https only, public addresses only
 *   unless in OUTBOUND_ALLOWLIST, OUTBOUND_EXTRA_CA trusted. 2xx: done. 404/410 (the browser
 *   unsubscribed) or an address the rules refuse: every subscription of that endpoint is dropped.
 *   429, 5xx and network failures: thrown, so the queue tries that one message again (a few times,
 *   backing off, within the message's TTL). Other 4xx: logged, not retried (it would not help).
 */
@Injectable()
export class PushDeliveryService implements OnModuleInit {
  constructor(
    @InjectRepository(PushSubscriptionEntity) private readonly subscriptions: Repository<PushSubscriptionEntity>,
    private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly keys: PushKeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    // Polled every second: "tell me when the cart arrives" should not wait.
    await this.jobs.work<LivePushJob>(LIVE_PUSH_JOB, async ({ data }) => void (await this.fanOut(data)), {
      pollingIntervalSeconds: 1,
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
    });
    await this.jobs.work<PushDeliverJob>(PUSH_DELIVER_JOB, (job) => this.deliver(job), {
      pollingIntervalSeconds: 1,
      concurrency: 4,
      retryLimit: 4,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 15 * 60,
      expireInSeconds: 60,
    });
  }

  /** Queues one delivery per browser to tell; answers how many. */
  async fanOut(job: LivePushJob): Promise<number> {
    const recipients = await this.recipients(job);
    if (recipients.length === 0) return 0;
    await this.dataSource.transaction(async (m) => {
      for (const r of recipients) {
        await this.jobs.send<PushDeliverJob>(
          PUSH_DELIVER_JOB,
          { subscriptionId: r.id, eventId: job.eventId, payload: livePushPayload(job, r.timeZone) },
          { manager: m },
        );
      }
    });
    log('info', 'live push queued', { change: job.change, eventId: job.eventId, browsers: recipients.length });
    return recipients.length;
  }

  private async recipients({ change, state }: LivePushJob): Promise<Recipient[]> {
    const place = state.place;
    if (change === 'check-out' || !state.live || !place) return [];
    const qb = this.subscriptions
      .createQueryBuilder('s')
      .select(['s.id', 's.endpoint', 's.timeZone', 's.kind', 's.latitude', 's.longitude', 's.miles'])
      .where(`s.kind = 'any'`);
    if (place.stopId !== null) qb.orWhere(`(s.kind = 'stop' AND s.stopId = :stopId)`, { stopId: place.stopId });
    const at = change === 'check-in' && place.latitude !== null && place.longitude !== null ? ([place.latitude, place.longitude] as [number, number]) : null;
    if (at) qb.orWhere(`(s.kind = 'near' AND s.latitude BETWEEN :south AND :north)`, { south: at[0] - NEAR_BOX_DEGREES, north: at[0] + NEAR_BOX_DEGREES });
    const rows = await qb.orderBy('s.updatedAt', 'DESC').addOrderBy('s.id', 'DESC').getMany();
    const byEndpoint = new Map<string, Recipient>();
    for (const row of rows) {
      if (row.kind === 'near' && (!at || distanceKm(at, [row.latitude ?? 0, row.longitude ?? 0]) / KM_PER_MILE > (row.miles ?? 0))) continue;
      // The most recently (re)subscribed topic's zone speaks for the browser.
      if (!byEndpoint.has(row.endpoint)) byEndpoint.set(row.endpoint, { id: row.id, endpoint: row.endpoint, timeZone: row.timeZone });
    }
    return [...byEndpoint.values()];
  }

  async deliver({ data }: Pick<JobRun<PushDeliverJob>, 'data'>): Promise<void> {
    const sub = await this.subscriptions.findOneBy({ id: data.subscriptionId });
    if (!sub) return; // unsubscribed since
    const host = new URL(sub.endpoint).host;
    const vapid = await this.keys.keys();
    const request = generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(data.payload), {
      vapidDetails: { subject: `mailto:${this.config.CONTACT_TO}`, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
    });
    let res: OutboundResponse;
    try {
      res = await safeFetch(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body,
        protocols: ['https:'],
        allow: this.config.OUTBOUND_ALLOWLIST,
        ca: this.config.OUTBOUND_EXTRA_CA,
        timeoutMs: PUSH_TIMEOUT_MS,
        maxBytes: PUSH_ANSWER_MAX_BYTES,
        maxRedirects: 0,
      });
    } catch (err) {
      if (err instanceof OutboundFetchError && err.reason === 'refused') return this.drop(sub.endpoint, host, err.message);
      throw err;
    }
    if (res.ok) return;
    if (res.status === 404 || res.status === 410) return this.drop(sub.endpoint, host, `the push service answered ${res.status}`);
    if (res.status === 429 || res.status >= 500) throw new Error(`the push service ${host} answered ${res.status}`);
    log('warn', 'a push message was refused by the push service; not retried', { host, status: res.status, eventId: data.eventId });
  }

  /** Every subscription of a browser its push service says is gone (or whose address is refused). */
  private async drop(endpoint: string, host: string, why: string): Promise<void> {
    const { affected } = await this.subscriptions.delete({ endpoint });
    // The host only: the endpoint itself is the browser's capability URL.
    log('info', 'push subscriptions dropped', { host, subscriptions: affected ?? 0, why });
  }
}
