import type supertest from 'supertest';
import { signedWebhook } from '../square/square-api.double';
import { eventually } from './eventually';
import type { TestApp } from './test-app';

/** The webhook subscription a test app was started with (SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL). */
interface WebhookSubscription {
  signatureKey: string;
  notificationUrl: string;
}

/** Posts an event to /api/square/webhooks as Square does, signed with `key` (the subscription's by default); answers at once. */
export function postSquareEvent(t: TestApp, event: unknown, subscription: WebhookSubscription, key = subscription.signatureKey): supertest.Test {
  const { body, signature } = signedWebhook(event, key, subscription.notificationUrl);
  return t.agent().post('/api/square/webhooks').set('Content-Type', 'application/json').set('x-square-hmacsha256-signature', signature).send(body);
}

/**
 * Delivers an event as Square does and, when it is answered 200, waits until its job has handled
 * it: the webhook answers before the work is done.
 */
export async function deliverSquareEvent(t: TestApp, event: unknown, subscription: WebhookSubscription, key?: string): Promise<supertest.Response> {
  const res = await postSquareEvent(t, event, subscription, key);
  if (res.status === 200) await squareEventHandled(t, eventIdOf(event));
  return res;
}

/** Waits until the recorded event's job has run; answers its row. */
export function squareEventHandled(t: TestApp, eventId: string): Promise<{ outcome: string; handled_at: Date }> {
  return eventually(
    async () => {
      const [row]: { outcome: string; handled_at: Date | null }[] = await t.dataSource.query(
        `SELECT outcome, handled_at FROM square_webhook_events WHERE event_id = $1`,
        [eventId],
      );
      return row?.handled_at ? { outcome: row.outcome, handled_at: row.handled_at } : undefined;
    },
    `the Square event ${eventId} handled`,
    20_000,
  );
}

function eventIdOf(event: unknown): string {
  const parsed = (typeof event === 'string' ? JSON.parse(event) : event) as { event_id?: unknown };
  if (typeof parsed.event_id !== 'string') throw new Error('the event has no event_id');
  return parsed.event_id;
}
