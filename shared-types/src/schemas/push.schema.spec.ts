import { pushTopicKey, pushTopicLine } from '../push';
import { pushSubscribeSchema, pushUnsubscribeSchema } from './push.schema';

const P256DH = 'B' + 'A'.repeat(86);
const AUTH = 'q'.repeat(22);
const subscription = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: P256DH, auth: AUTH } };
const messages = (value: unknown) => {
  const r = pushSubscribeSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('push subscription schema', () => {
  it('takes the browser’s PushSubscription (toJSON, expirationTime null) with each kind of topic', () => {
    expect(pushSubscribeSchema.parse({ subscription: { ...subscription, expirationTime: null }, topic: { kind: 'stop', stopId: '12' } }).topic).toEqual({
      kind: 'stop',
      stopId: 12,
    });
    expect(pushSubscribeSchema.parse({ subscription, topic: { kind: 'any' }, timeZone: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(pushSubscribeSchema.parse({ subscription, topic: { kind: 'near', latitude: 41.88, longitude: -87.62, miles: 5, label: '  ' } }).topic).toEqual({
      kind: 'near',
      latitude: 41.88,
      longitude: -87.62,
      miles: 5,
      label: null,
    });
  });

  it('accepts keys with base64 padding, and refuses keys of the wrong length or alphabet', () => {
    expect(
      pushSubscribeSchema.parse({ subscription: { ...subscription, keys: { p256dh: P256DH + '=', auth: AUTH + '==' } }, topic: { kind: 'any' } }).subscription
        .keys,
    ).toEqual({ p256dh: P256DH, auth: AUTH });
    expect(messages({ subscription: { ...subscription, keys: { p256dh: P256DH.slice(1), auth: AUTH } }, topic: { kind: 'any' } })).toEqual([
      'The browser’s p256dh key must be 65 bytes in base64url',
    ]);
    expect(messages({ subscription: { ...subscription, keys: { p256dh: 'C' + P256DH.slice(1), auth: AUTH } }, topic: { kind: 'any' } })).toEqual([
      'The browser’s p256dh key must be 65 bytes in base64url',
    ]);
    expect(messages({ subscription: { ...subscription, keys: { p256dh: P256DH, auth: 'q+/'.repeat(7) + 'q' } }, topic: { kind: 'any' } })).toEqual([
      'The browser’s auth key must be 16 bytes in base64url',
    ]);
  });

  it('refuses an endpoint that is not https, too long, or carries credentials or control characters', () => {
    const endpoint = (e: string) => messages({ subscription: { ...subscription, endpoint: e }, topic: { kind: 'any' } });
    expect(endpoint('http://push.example.com/send/abc')).toEqual(['The push endpoint must be an https:// address']);
    expect(endpoint('https://user:pw@push.example.com/x')).toEqual(['The push endpoint must be an https:// address']);
    expect(endpoint('https://push.example.com/a\u0000b')).toEqual(['The push endpoint must be an https:// address']);
    expect(endpoint(`https://push.example.com/${'x'.repeat(1000)}`)).toEqual(['The push endpoint must be at most 1000 characters']);
    expect(endpoint('')).toEqual(['The push endpoint is missing']);
  });

  it('checks the topic: its kind, a stop id, miles 1-100, coordinates in range', () => {
    expect(messages({ subscription, topic: { kind: 'everywhere' } })).toEqual(['Topic must be a stop, any, near or order']);
    expect(messages({ subscription, topic: { kind: 'stop', stopId: 'abc' } })).toEqual(['Id must be a whole number']);
    expect(messages({ subscription, topic: { kind: 'near', latitude: 41.88, longitude: -87.62, miles: 0 } })).toEqual(['Miles must be between 1 and 100']);
    expect(messages({ subscription, topic: { kind: 'near', latitude: 91, longitude: -87.62, miles: 5 } })).toEqual(['Latitude must be between -90 and 90']);
    expect(messages({ subscription, topic: { kind: 'any' }, timeZone: 'CST' })).toEqual(['Time zone must be an IANA name such as America/Chicago']);
  });

  it('unsubscribes an endpoint, with or without a topic', () => {
    expect(pushUnsubscribeSchema.parse({ endpoint: subscription.endpoint })).toEqual({ endpoint: subscription.endpoint });
    expect(pushUnsubscribeSchema.safeParse({ endpoint: 'http://push.example.com/x' }).success).toBe(false);
  });

  it('keys a topic so the same stop or place is one subscription, and words it', () => {
    expect(pushTopicKey({ kind: 'stop', stopId: '12' })).toBe('stop:12');
    expect(pushTopicKey({ kind: 'any' })).toBe('any');
    expect(pushTopicKey({ kind: 'near', latitude: 41.882712, longitude: -87.623319, miles: 5 })).toBe('near:41.8827,-87.6233:5');
    expect(pushTopicLine({ kind: 'stop', stopId: 3 }, 'Millennium Park')).toBe('Notifications are on for Millennium Park');
    expect(pushTopicLine({ kind: 'near', latitude: 1, longitude: 2, miles: 1, label: null })).toBe(
      'Notifications are on for check-ins within 1 mile of your saved place',
    );
    expect(pushTopicLine({ kind: 'any' })).toBe('Notifications are on for check-ins anywhere');
  });
});
