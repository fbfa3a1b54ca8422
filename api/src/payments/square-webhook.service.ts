import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ForbiddenError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SquareGateway } from '../square/square.gateway';
import { PaymentsService } from './payments.service';

/** Square's event envelope (wire JSON, snake_case); the object is read per event type below. */
const eventSchema = z.object({
  type: z.string().max(100),
  event_id: z.string().max(200).optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()).optional() }).optional(),
});

const paymentSchema = z.object({
  id: z.string().min(1).max(192),
  status: z.string().max(50),
  order_id: z.string().max(192).nullish(),
  reference_id: z.string().max(40).nullish(),
  customer_id: z.string().max(192).nullish(),
});

const refundSchema = z.object({
  id: z.string().min(1).max(192),
  status: z.string().max(50),
  payment_id: z.string().min(1).max(192),
  amount_money: z.object({ amount: z.number().int().nonnegative() }),
});

/**
 * POST /api/square/webhooks: Square's event notifications. Each one must carry a valid
 * x-square-hmacsha256-signature for the raw body and the notification URL (SQUARE_WEBHOOK_URL,
 * default PUBLIC_URL + /api/square/webhooks) with the subscription's signature key
 * (SQUARE_WEBHOOK_SIGNATURE_KEY); anything else changes nothing: 400 without a signature, 403
 * with a wrong one or while no key is configured. payment.created/updated settle the charge the
 * payment belongs to; refund.created/updated record the refund's state: PaymentsService hands each
 * to the kind (order, booking payment...) that owns it. Other event types, and events about
 * payments of nothing of ours, are acknowledged and ignored, so Square stops sending them.
 */
@Injectable()
export class SquareWebhookService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly square: SquareGateway,
    private readonly payments: PaymentsService,
  ) {}

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
    const object = event.data?.object ?? {};
    switch (event.type) {
      case 'payment.created':
      case 'payment.updated': {
        const p = parse(paymentSchema, object.payment);
        await this.payments.squarePayment({
          paymentId: p.id,
          status: p.status,
          referenceId: p.reference_id ?? null,
          squareOrderId: p.order_id ?? null,
          squareCustomerId: p.customer_id ?? null,
        });
        break;
      }
      case 'refund.created':
      case 'refund.updated': {
        const r = parse(refundSchema, object.refund);
        await this.payments.squareRefund({ refundId: r.id, paymentId: r.payment_id, status: r.status, amountCents: r.amount_money.amount });
        break;
      }
      default:
        log('debug', 'square webhook of a type we do not use, acknowledged', { type: event.type, eventId: event.event_id });
    }
    return { received: true };
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
