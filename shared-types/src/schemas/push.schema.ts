import { z } from 'zod';
import { isTimeZone } from '../time-zone';
import { latitudeSchema as latitude, longitudeSchema as longitude } from './coordinates.schema';
import { idParamSchema } from './id.schema';
import { PUSH_ENDPOINT_MAX, PUSH_LABEL_MAX, PUSH_MILES_MAX, PUSH_MILES_MIN } from '../push';

/**
 * Web Push for the live tracker: a visitor's browser subscribes to be told when
 * the cart checks in at a stop, anywhere, or near a place they saved. The body of
 * POST /api/push/subscriptions is the browser's PushSubscription (its `toJSON()`) plus the topic.
 */

/** 65 bytes (an uncompressed P-256 point: 0x04, x, y) and 16 bytes, base64url without padding. */
const P256DH_CHARS = 87;
const AUTH_CHARS = 22;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// eslint-disable-next-line no-control-regex -- the rule is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An https: URL a push service gave the browser (no credentials, no control characters). */
export function isPushEndpoint(value: string): boolean {
  if (CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const endpointSchema = z
  .string({ message: 'The push endpoint is missing' })
  .trim()
  .min(1, { message: 'The push endpoint is missing', abort: true })
  .max(PUSH_ENDPOINT_MAX, { message: `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`, abort: true })
  .refine(isPushEndpoint, 'The push endpoint must be an https:// address');

/** base64url text of exactly `chars` characters (padding, when sent, is dropped first). */
const base64urlKey = (name: string, chars: number, bytes: number, extra?: (v: string) => boolean) =>
  z
    .string({ message: `The browser’s ${name} key is missing` })
    .transform((v) => v.replace(/=+$/, ''))
    .refine((v) => BASE64URL.test(v) && v.length === chars && (!extra || extra(v)), `The browser’s ${name} key must be ${bytes} bytes in base64url`);

export const pushKeysSchema = z.strictObject(
  {
    // 0x04 first (an uncompressed point): its base64url text starts with 'B'.
    p256dh: base64urlKey('p256dh', P256DH_CHARS, 65, (v) => v.startsWith('B')),
    auth: base64urlKey('auth', AUTH_CHARS, 16),
  },
  { message: 'The subscription needs its keys (p256dh and auth)' },
);

/** The browser's PushSubscription as `toJSON()` gives it (expirationTime is ignored). */
export const pushSubscriptionSchema = z.strictObject(
  {
    endpoint: endpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: pushKeysSchema,
  },
  { message: 'The subscription must be the browser’s push subscription' },
);

/** What to be told about: one stop, the next check-in anywhere, or a check-in within `miles` of a place. */
export const pushTopicSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('stop'), stopId: idParamSchema }),
    z.strictObject({ kind: z.literal('any') }),
    /** A pickup order's own news (ready, delayed): its id is the order page's, known only to its buyer. */
    z.strictObject({ kind: z.literal('order'), orderId: z.string({ message: 'orderId must be text' }).uuid('orderId must be an order id') }),
    z.strictObject({
      kind: z.literal('near'),
      latitude,
      longitude,
      miles: z
        .number({ message: 'Miles must be a number' })
        .int('Miles must be a whole number')
        .min(PUSH_MILES_MIN, `Miles must be between ${PUSH_MILES_MIN} and ${PUSH_MILES_MAX}`)
        .max(PUSH_MILES_MAX, `Miles must be between ${PUSH_MILES_MIN} and ${PUSH_MILES_MAX}`),
      label: z
        .string({ message: 'The place’s name must be text' })
        .trim()
        .max(PUSH_LABEL_MAX, `The place’s name must be at most ${PUSH_LABEL_MAX} characters`)
        .refine((v) => !CONTROL.test(v), 'The place’s name must not contain control characters')
        .transform((v) => v || null)
        .nullable()
        .optional(),
    }),
  ],
  { message: 'Topic must be a stop, any, near or order' },
);
export type PushTopicInput = z.input<typeof pushTopicSchema>;

/** POST /api/push/subscriptions. `timeZone`: the visitor's own, so a notification's times read as their clock does. */
export const pushSubscribeSchema = z.strictObject({
  subscription: pushSubscriptionSchema,
  topic: pushTopicSchema,
  timeZone: z
    .string({ message: 'Time zone must be text' })
    .max(64, 'Time zone must be at most 64 characters')
    .refine(isTimeZone, 'Time zone must be an IANA name such as America/Chicago')
    .optional(),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeSchema>;

/** POST /api/push/unsubscribe: without a topic, every subscription of that browser ends. */
export const pushUnsubscribeSchema = z.strictObject({
  endpoint: endpointSchema,
  topic: pushTopicSchema.optional(),
});
export type PushUnsubscribeInput = z.input<typeof pushUnsubscribeSchema>;

/** GET /api/push/public-key: the shop's VAPID public key (applicationServerKey), base64url. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What the service worker receives (decrypted) and shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Same-origin path the notification opens: '/cocoa-tracker?stop=12' or '/cocoa-tracker'. */
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
