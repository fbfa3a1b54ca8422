/**
 * Web Push's plain rules (the limits, a topic's key and its line of text), apart from its schemas
 * (schemas/push.schema.ts): the tracker page shows the topics a visitor follows without loading zod
 * and building every push schema on its first screen.
 */

export const PUSH_ENDPOINT_MAX = 1000;
export const PUSH_MILES_MIN = 1;
export const PUSH_MILES_MAX = 100;
export const PUSH_LABEL_MAX = 100;
/** Topics one browser may follow at once (each stop and each place is one). */
export const PUSH_TOPICS_PER_ENDPOINT_MAX = 25;

/** Coordinates are kept to 4 decimals (about 11 m): the same saved place is the same topic. */
export const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;

/** A topic as its key and its line read it; a topic as the schema takes it in (PushTopicInput) or gives it out fits. */
type Topic =
  | { kind: 'stop'; stopId: number | string }
  | { kind: 'any' }
  | { kind: 'near'; latitude: number; longitude: number; miles: number; label?: string | null }
  | { kind: 'order'; orderId: string };

/** One key per topic ('any', 'stop:12', 'near:41.8827,-87.6233:5'): the same endpoint and key is one subscription. */
export function pushTopicKey(topic: Topic): string {
  switch (topic.kind) {
    case 'stop':
      return `stop:${Number(topic.stopId)}`;
    case 'near':
      return `near:${roundCoordinate(topic.latitude)},${roundCoordinate(topic.longitude)}:${topic.miles}`;
    case 'order':
      return `order:${topic.orderId.toLowerCase()}`;
    default:
      return 'any';
  }
}

/** 'Notifications are on for Millennium Park' and the like; `stopName` names a stop topic's place. */
export function pushTopicLine(topic: Topic, stopName?: string | null): string {
  switch (topic.kind) {
    case 'stop':
      return `Notifications are on for ${stopName || 'this stop'}`;
    case 'order':
      return 'We will tell you here when your order is ready';
    case 'near':
      return `Notifications are on for check-ins within ${topic.miles} mile${topic.miles === 1 ? '' : 's'} of ${topic.label || 'your saved place'}`;
    default:
      return 'Notifications are on for check-ins anywhere';
  }
}
