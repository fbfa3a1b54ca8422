import { instantOf, shiftDay } from '@cocoa/shared-types';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment, QueuedMail } from '../mail/mail.service';

/** A booking as its e-mails receive it. */
type BookingMailData = Extract<QueuedMail, { template: 'booking-request' }>['data'];

/** What the invitation shows of a booking (as its e-mails have it), with its id and last change. */
export type InvitedBooking = Pick<
  BookingMailData,
  'reference' | 'packageName' | 'eventDate' | 'startTime' | 'endTime' | 'guests' | 'venueName' | 'venueAddress'
> & {
  id: number;
  updatedAt: Date;
};

export interface InvitationOptions {
  shopName: string;
  shopEmail: string;
  /** The site's host: the event's UID is unique to it. */
  host: string;
  timeZone: string;
  /** The link the event carries (the status page for the customer, the admin for the shop). */
  url: string;
  /** PUBLISH adds or updates the event in the reader's calendar; CANCEL removes it. */
  method: 'PUBLISH' | 'CANCEL';
  /**
   * The event's revision (SEQUENCE): calendars apply an invitation with the same UID only when it
   * is not older than the one they hold. The first invitation is 0, each change of date one more,
   * and a cancellation one above the last change. Default: 0 for PUBLISH, 1 for CANCEL.
   */
  sequence?: number;
}

/**
 * The booking as a calendar invitation (an .ics attached to the confirmation and, for a confirmed
 * booking, to its cancellation), written by ical-generator like the shop's own feed. Times are
 * the shop's wall clock written as UTC instants, so every calendar shows them right whatever its
 * zone; an end time earlier than the start is on the next day (an evening that runs past
 * midnight). The UID stays the booking's, so a CANCEL removes the event the PUBLISH added, and a
 * PUBLISH with a higher SEQUENCE (the owner moved the booking) moves it.
 */
export function bookingInvitation(b: InvitedBooking, options: InvitationOptions): MailAttachment {
  const at = (day: string, time: string) =>
    instantOf(
      {
        year: Number(day.slice(0, 4)),
        month: Number(day.slice(5, 7)),
        day: Number(day.slice(8, 10)),
        hour: Number(time.slice(0, 2)),
        minute: Number(time.slice(3, 5)),
      },
      options.timeZone,
    );
  const start = at(b.eventDate, b.startTime);
  const end = b.endTime > b.startTime ? at(b.eventDate, b.endTime) : at(shiftDay(b.eventDate, 1), b.endTime);
  const method = options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH;
  const calendar = ical({ prodId: { company: options.shopName, product: 'Event bookings', language: 'EN' }, method, scale: 'GREGORIAN' });
  calendar.createEvent({
    id: `booking-${b.reference}@${options.host}`,
    sequence: options.sequence ?? (options.method === 'CANCEL' ? 1 : 0),
    stamp: b.updatedAt,
    start,
    end,
    summary: `${options.shopName}: ${b.packageName} (${b.reference})`,
    description: `${b.packageName} for ${b.guests} guests. Booking ${b.reference}: ${options.url}`,
    location: `${b.venueName}, ${b.venueAddress}`,
    url: options.url,
    organizer: { name: options.shopName, email: options.shopEmail },
    status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { filename: `booking-${b.reference}.ics`, content: calendar.toString(), contentType: `text/calendar; charset=utf-8; method=${options.method}` };
}
