import { z } from 'zod';
import { BOOKING_STATES } from '../booking';
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '../event-types';
import { pageSchema } from './common.schema';

/**
 * The owner's inbox: contact messages, event inquiries and booking requests
 * in one list, newest first.
 * The kinds are written once, here; a new kind (such as the booking requests) is one more
 * entry in INBOX_KINDS and INBOX_KIND_LABELS, one more member of `inboxMessageSchema`, and one more
 * source registered with the API's InboxService.
 */
export const INBOX_KINDS = ['contact', 'inquiry', 'booking'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<InboxKind, string> = { contact: 'Contact message', inquiry: 'Event inquiry', booking: 'Booking request' };

/**
 * unread: not archived and not read yet; all: everything not archived (the inbox itself);
 * archived: archived ones only, read or not.
 */
export const INBOX_STATES = ['unread', 'all', 'archived'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** What each state asks of a message's marks (`read` left out: either). */
export interface InboxFilter {
  read?: boolean;
  archived: boolean;
}
export const INBOX_FILTERS: Record<InboxState, InboxFilter> = {
  unread: { read: false, archived: false },
  all: { archived: false },
  archived: { archived: true },
};

/** Marks to set on a message (true) or clear (false); left out: unchanged. */
export interface InboxMarks {
  read?: boolean;
  archived?: boolean;
}

export const INBOX_PAGE_SIZE = 20;
/** Pages merge the newest rows of every kind, so a deep page reads page × size rows of each: capped. */
export const INBOX_PAGE_MAX = 500;
/** Characters of the message shown in the list. */
export const INBOX_EXCERPT_LENGTH = 140;
export const INBOX_REPLY_MAX = 10_000;

/** The list's excerpt: the text on one line, cut at a word near INBOX_EXCERPT_LENGTH with an ellipsis. */
export function inboxExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= INBOX_EXCERPT_LENGTH) return line;
  const cut = line.slice(0, INBOX_EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > INBOX_EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An inquiry's line in the list and its subject in a reply: 'Wedding, 120 guests'. */
export function inquirySubject(inquiry: { eventType: EventType; guests: number }): string {
  return `${EVENT_TYPE_LABELS[inquiry.eventType]}, ${inquiry.guests} ${inquiry.guests === 1 ? 'guest' : 'guests'}`;
}

/** GET /api/admin/inbox?state&page (page counts from 1). */
export const inboxListQuerySchema = z.strictObject({
  state: z.enum(INBOX_STATES, { message: 'State must be unread, all or archived' }).default('all'),
  page: z
    .union([z.number(), z.string().regex(/^\d{1,6}$/, 'Page must be a whole number')], { message: 'Page must be a whole number' })
    .transform(Number)
    .pipe(z.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(INBOX_PAGE_MAX, `Page must be at most ${INBOX_PAGE_MAX}`))
    .default(1),
});
export type InboxListQuery = z.output<typeof inboxListQuerySchema>;

/** The :kind of /api/admin/inbox/:kind/:id. */
export const inboxKindSchema = z.enum(INBOX_KINDS, {
  message: `Kind must be ${INBOX_KINDS.slice(0, -1).join(', ')} or ${INBOX_KINDS[INBOX_KINDS.length - 1]}`,
});

/** POST /api/admin/inbox/:kind/:id/reply: sent by e-mail (queued) and kept in the thread. */
export const inboxReplySchema = z.strictObject({
  body: z
    .string({ message: 'Reply is required' })
    .trim()
    .min(1, 'Reply is required')
    .max(INBOX_REPLY_MAX, `Reply must be at most ${INBOX_REPLY_MAX} characters`),
});

/** A message in the list and whole alike: its id, who sent it, when it came in and the owner's marks (null while unread, in the inbox). */
const messageHead = {
  id: z.number(),
  name: z.string(),
  email: z.string(),
  receivedAt: z.string(),
  readAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
};

/** One row of the list: the same fields for every kind. */
export const inboxListItemSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  ...messageHead,
  /** A contact message's subject; for an inquiry, its event type and guests ('Wedding, 120 guests'); for a booking request, its reference, package and guests. */
  subject: z.string(),
  /** The day of the event an inquiry asks about (YYYY-MM-DD); null for a contact message. */
  eventDate: z.string().nullable(),
  excerpt: z.string(),
});
export type InboxListItem = z.infer<typeof inboxListItemSchema>;

/** `total`: how many messages the state holds in all. */
export const inboxPageSchema = pageSchema('items', inboxListItemSchema);
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** A reply as the thread shows it. `sentBy`: the admin's username when it was sent. */
const inboxReplyItemSchema = z.object({ id: z.number(), body: z.string(), sentBy: z.string(), sentAt: z.string() });

const messageBase = { ...messageHead, replies: z.array(inboxReplyItemSchema) };

/** GET /api/admin/inbox/:kind/:id: the whole message (each kind its own fields) and its replies, oldest first. */
export const inboxMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contact'), ...messageBase, subject: z.string(), message: z.string() }),
  z.object({
    kind: z.literal('inquiry'),
    ...messageBase,
    phone: z.string().nullable(),
    eventType: z.enum(EVENT_TYPES),
    eventDate: z.string(),
    guests: z.number(),
    location: z.string(),
    message: z.string().nullable(),
  }),
  /** A booking request: the request as made; its moves live in the Bookings tab (state shows where it is). */
  z.object({
    kind: z.literal('booking'),
    ...messageBase,
    phone: z.string(),
    reference: z.string(),
    state: z.enum(BOOKING_STATES),
    packageName: z.string(),
    eventDate: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    guests: z.number(),
    venueName: z.string(),
    venueAddress: z.string(),
    /** The customer's notes. */
    message: z.string().nullable(),
  }),
]);
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** GET /api/admin/inbox/counts: what the tab and the header badge show. */
export const inboxCountsSchema = z.object({ unread: z.number() });
export type InboxCounts = z.infer<typeof inboxCountsSchema>;
