import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ForbiddenError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { JobsService, PERSISTENT_RETRY, type WorkOptions } from '../jobs/jobs.service';
import { type SquareInventoryCountFacts, SquareInventoryService } from '../square/square-inventory.service';
import { SquareGateway } from '../square/square.gateway';
import { PaymentsService } from './payments.service';
import type { SquarePaymentEvent, SquareRefundEvent } from './payments.types';

/** The queue of Square's events: one job per event recorded, keyed by the payment it is about. */
export const SQUARE_EVENT_JOB = 'square.webhook-event';
/** The queue of the daily pruning of recorded events. */
export const SQUARE_EVENTS_PRUNE_JOB = 'square.webhook-events.prune';
/** How long a recorded event is kept: Square redelivers an event for up to 3 days; a refund waits this long for its payment. */
const EVENTS_KEPT_DAYS = 30;
/** Every night at 04:40 in the shop's zone. */
const PRUNE_CRON = '40 4 * * *';
/**
 * One job of a payment at a time across replicas (the singleton policy, keyed by the payment id),
 * so the ordering rule reads a settled past. A job that throws is tried again (PERSISTENT_RETRY).
 */
const EVENT_JOB_OPTIONS: WorkOptions = { policy: 'singleton', ...PERSISTENT_RETRY };

/** What handling made of an event (the `outcome` column). */
type Outcome =
  /** A kind (order, booking payment...) took it; or a stock count set a product's stock. */
  | 'handled'
  /** No kind owns it: a payment of nothing of ours, or a refund of a payment not known yet (it is tried again when its payment is handled). */
  | 'unmatched'
  /** Square had already told us of a newer state of the same payment or refund (or a newer count of the product): nothing was done. */
  | 'stale'
  /** A type the shop does not use (or a stock count while Square is not connected). */
  | 'ignored';

/** Square's event envelope (wire JSON, snake_case); the object is read per event type below. */
const eventSchema = z.object({
  type: z.string().max(100),
  event_id: z.string().min(1).max(200).optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()).optional() }).optional(),
});

/** Square's updated_at of a payment or refund (RFC 3339): the ordering of its events. */
const updatedAt = z.iso.datetime({ offset: true }).nullish();

const paymentSchema = z.object({
  id: z.string().min(1).max(192),
  status: z.string().max(50),
  order_id: z.string().max(192).nullish(),
  reference_id: z.string().max(40).nullish(),
  customer_id: z.string().max(192).nullish(),
  updated_at: updatedAt,
});

const refundSchema = z.object({
  id: z.string().min(1).max(192),
  status: z.string().max(50),
  payment_id: z.string().min(1).max(192),
  amount_money: z.object({ amount: z.number().int().nonnegative() }),
  updated_at: updatedAt,
});

/** Square's InventoryCount as inventory.count.updated carries it. */
const inventoryCountsSchema = z
  .array(
    z.object({
      catalog_object_id: z.string().min(1).max(192),
      location_id: z.string().min(1).max(192),
      state: z.string().max(50),
      quantity: z.string().max(40),
      calculated_at: z.iso.datetime({ offset: true }),
    }),
  )
  .max(1000);

/** The queue's singleton key of stock counts: they are applied one event at a time. */
const INVENTORY_JOB_KEY = 'square-inventory';

/** An event as recorded: what the shop read from it, for its job. */
type Recorded =
  | { kind: 'payment'; objectId: string; paymentId: string; updatedAt: string | null; data: SquarePaymentEvent }
  | { kind: 'refund'; objectId: string; paymentId: string; updatedAt: string | null; data: SquareRefundEvent }
  | { kind: 'inventory'; objectId: null; paymentId: null; updatedAt: string | null; data: SquareInventoryCountFacts[] }
  | { kind: 'other' };

interface EventRow {
  event_id: string;
  type: string;
  object_id: string | null;
  payment_id: string | null;
  object_updated_at: Date | null;
  data: SquarePaymentEvent | SquareRefundEvent | SquareInventoryCountFacts[] | null;
  handled_at: Date | null;
}

/**
 * POST /api/square/webhooks: Square's event notifications (docs/decisions.md, "Square's webhooks").
 *
 * The request: each notification must carry a valid x-square-hmacsha256-signature for the raw body
 * and the notification URL (SQUARE_WEBHOOK_URL, default PUBLIC_URL + /api/square/webhooks) with
 * the subscription's signature key (SQUARE_WEBHOOK_SIGNATURE_KEY); anything else changes nothing:
 * 400 without a signature, 403 with a wrong one or while no key is configured, 400 for an event
 * without event_id or one we cannot read. A verified event is recorded under its event_id and, in
 * the same transaction, its job is queued; the answer is 200 at once, with no call to anyone and
 * no settlement. An event_id already recorded (Square delivering again) is answered 200 and
 * changes nothing.
 *
 * The job: payment.created/updated settle the charge the payment belongs to; refund.created/updated
 * record the refund's state: PaymentsService hands each to the kind (order, booking payment...)
 * that owns it. An event older (by Square's updated_at) than one already handled for the same
 * payment or refund is not handed on. A refund no kind owns waits, and is handed on again each
 * time an event of its payment is handled, so a refund that overtook its payment is recorded once
 * the payment is. inventory.count.updated sets the online stock from Square's counts
 * (SquareInventoryService, docs/operations.md "Stock with Square connected"); its events are handled
 * one at a time. Other event types are recorded as ignored, so Square stops sending them.
 */
@Injectable()
export class SquareWebhookService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly square: SquareGateway,
    private readonly payments: PaymentsService,
    private readonly inventory: SquareInventoryService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ eventId: string }>(SQUARE_EVENT_JOB, ({ data }) => this.handle(data.eventId), EVENT_JOB_OPTIONS);
    await this.jobs.work(SQUARE_EVENTS_PRUNE_JOB, async () => void (await this.prune()), { policy: 'stately', retryLimit: 0, pollingIntervalSeconds: 30 });
    await this.jobs.schedule(SQUARE_EVENTS_PRUNE_JOB, PRUNE_CRON);
  }

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const key = this.config.SQUARE_WEBHOOK_SIGNATURE_KEY;
    if (!key) throw new ForbiddenError('Square webhooks are not set up on this server', 'WEBHOOKS_NOT_CONFIGURED');
    if (!signature) throw new UserInputError('The x-square-hmacsha256-signature header is missing', 'WEBHOOK_SIGNATURE_MISSING');
    if (!rawBody || rawBody.length === 0) throw new UserInputError('A webhook notification must have a JSON body', 'WEBHOOK_BODY_MISSING');
    if (!(await this.square.verifyWebhook(rawBody.toString('utf8'), signature, key))) {
      log('warn', 'square webhook with a wrong signature refused');
      throw new ForbiddenError('The webhook signature is not valid', 'WEBHOOK_SIGNATURE_INVALID');
    }
    const event = parse(eventSchema, parseJson(rawBody.toString('utf8')));
    if (!event.event_id) throw new UserInputError('The webhook notification has no event_id: Square sends one with every event', 'WEBHOOK_EVENT_ID_MISSING');
    const read = readEvent(event.type, event.data?.object ?? {});
    const recorded = await this.record(event.event_id, event.type, read);
    if (!recorded) log('info', 'square webhook delivered again, already recorded', { eventId: event.event_id, type: event.type });
    else if (read.kind === 'other') log('debug', 'square webhook of a type we do not use, acknowledged', { type: event.type, eventId: event.event_id });
    return { received: true };
  }

  /**
   * Records the event and queues its job in one transaction: false when its event_id was recorded
   * already (nothing written, no job). An event of a type we do not use is recorded as handled.
   */
  private record(eventId: string, type: string, read: Recorded): Promise<boolean> {
    const about = read.kind === 'other' ? null : read;
    return this.dataSource.transaction(async (m) => {
      const inserted: unknown[] = await m.query(
        `INSERT INTO square_webhook_events (event_id, type, object_id, payment_id, object_updated_at, data, handled_at, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() END, CASE WHEN $7::boolean THEN 'ignored' END)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [eventId, type, about?.objectId ?? null, about?.paymentId ?? null, about?.updatedAt ?? null, about ? JSON.stringify(about.data) : null, !about],
      );
      if (inserted.length === 0) return false;
      if (about) await this.jobs.send(SQUARE_EVENT_JOB, { eventId }, { manager: m, singletonKey: about.paymentId ?? INVENTORY_JOB_KEY });
      return true;
    });
  }

  /**
   * The job of one recorded event: it is marked handled once all its work is done (a payment's
   * waiting refunds included), so a job tried again after a failure does what is left; an event
   * already handled is left alone.
   */
  private async handle(eventId: string): Promise<void> {
    const row = await this.row(eventId);
    if (!row) return log('warn', 'square webhook event no longer recorded, its job skipped', { eventId });
    if (row.handled_at) return;
    const outcome = await this.apply(row);
    if (outcome === 'handled' && row.type.startsWith('payment.') && row.payment_id) await this.retryWaitingRefunds(row.payment_id);
    await this.mark(eventId, outcome);
  }

  /** The ordering rule, then the kind that owns it. */
  private async apply(row: EventRow): Promise<Outcome> {
    if (row.type === 'inventory.count.updated') return this.applyCounts(row.data as SquareInventoryCountFacts[]);
    if (await this.newerHandled(row)) {
      log('info', 'square webhook older than one already handled, not applied', { eventId: row.event_id, type: row.type, objectId: row.object_id });
      return 'stale';
    }
    const owned = row.type.startsWith('payment.')
      ? await this.payments.squarePayment(row.data as SquarePaymentEvent)
      : await this.payments.squareRefund(row.data as SquareRefundEvent);
    return owned ? 'handled' : 'unmatched';
  }

  /** Square's counts set the stock; the ordering rule is per product (a count older than the one applied is stale). */
  private async applyCounts(counts: SquareInventoryCountFacts[]): Promise<Outcome> {
    const result = await this.inventory.applyCounts(counts);
    if (!result) return 'ignored';
    if (result.applied > 0) return 'handled';
    return result.stale > 0 ? 'stale' : 'unmatched';
  }

  /** An event of the same payment or refund, with a later updated_at, was already handled. */
  private async newerHandled(row: EventRow): Promise<boolean> {
    if (!row.object_updated_at || !row.payment_id) return false;
    const newer: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM square_webhook_events
        WHERE payment_id = $1 AND object_id = $2 AND event_id <> $3 AND outcome = 'handled'
          AND object_updated_at > (SELECT object_updated_at FROM square_webhook_events WHERE event_id = $3)
        LIMIT 1`,
      [row.payment_id, row.object_id, row.event_id],
    );
    return newer.length > 0;
  }

  /** The payment is known now: refunds of it that no kind owned are handed on again, oldest first. */
  private async retryWaitingRefunds(paymentId: string): Promise<void> {
    const waiting: { event_id: string }[] = await this.dataSource.query(
      `SELECT event_id FROM square_webhook_events
        WHERE payment_id = $1 AND outcome = 'unmatched' AND type LIKE 'refund.%'
        ORDER BY object_updated_at NULLS FIRST, received_at`,
      [paymentId],
    );
    for (const { event_id } of waiting) {
      const row = await this.row(event_id);
      if (!row) continue;
      const outcome = await this.apply(row);
      if (outcome !== 'unmatched') await this.mark(event_id, outcome);
      log('info', 'square refund that came before its payment handed on again', { eventId: event_id, paymentId, outcome });
    }
  }

  private async row(eventId: string): Promise<EventRow | undefined> {
    const [row]: EventRow[] = await this.dataSource.query(
      `SELECT event_id, type, object_id, payment_id, object_updated_at, data, handled_at FROM square_webhook_events WHERE event_id = $1`,
      [eventId],
    );
    return row;
  }

  private async mark(eventId: string, outcome: Outcome): Promise<void> {
    await this.dataSource.query(`UPDATE square_webhook_events SET handled_at = now(), outcome = $2 WHERE event_id = $1`, [eventId, outcome]);
  }

  /** Events received more than EVENTS_KEPT_DAYS ago go; answers how many. */
  async prune(): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM square_webhook_events WHERE received_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS count FROM gone`,
      [EVENTS_KEPT_DAYS],
    );
    if (count > 0) log('info', 'old square webhook events pruned', { count, keptDays: EVENTS_KEPT_DAYS });
    return count;
  }
}

/** What the shop reads from an event of a type it uses; a payment or refund it cannot read is a 400. */
function readEvent(type: string, object: Record<string, unknown>): Recorded {
  switch (type) {
    case 'payment.created':
    case 'payment.updated': {
      const p = parse(paymentSchema, object.payment);
      const data: SquarePaymentEvent = {
        paymentId: p.id,
        status: p.status,
        referenceId: p.reference_id ?? null,
        squareOrderId: p.order_id ?? null,
        squareCustomerId: p.customer_id ?? null,
      };
      return { kind: 'payment', objectId: p.id, paymentId: p.id, updatedAt: p.updated_at ?? null, data };
    }
    case 'refund.created':
    case 'refund.updated': {
      const r = parse(refundSchema, object.refund);
      const data: SquareRefundEvent = { refundId: r.id, paymentId: r.payment_id, status: r.status, amountCents: r.amount_money.amount };
      return { kind: 'refund', objectId: r.id, paymentId: r.payment_id, updatedAt: r.updated_at ?? null, data };
    }
    case 'inventory.count.updated': {
      const counts = parse(inventoryCountsSchema, object.inventory_counts);
      const data: SquareInventoryCountFacts[] = counts.map((c) => ({
        variationId: c.catalog_object_id,
        locationId: c.location_id,
        state: c.state,
        quantity: c.quantity,
        calculatedAt: c.calculated_at,
      }));
      const latest = data.map((c) => c.calculatedAt).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
      return { kind: 'inventory', objectId: null, paymentId: null, updatedAt: latest, data };
    }
    default:
      return { kind: 'other' };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UserInputError('The webhook notification is not JSON', 'WEBHOOK_EVENT_INVALID');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new UserInputError(`The webhook notification is not one we understand: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'WEBHOOK_EVENT_INVALID');
  return parsed.data;
}
