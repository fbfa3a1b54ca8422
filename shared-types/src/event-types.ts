/**
 * The kinds of event a visitor asks about, and their labels. Their own file, without zod, so the
 * event inquiry outbox (loaded on every page) can name an inquiry without the schemas.
 */
export const EVENT_TYPES = ['wedding', 'corporate', 'party', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = { wedding: 'Wedding', corporate: 'Corporate event', party: 'Party', other: 'Other' };
