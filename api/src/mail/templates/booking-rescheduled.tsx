import { Heading, Text } from './elements';
import { formatEventTime } from '@cocoa/shared-types';
import type { MailTemplates, ShopIdentity } from './types';
import { bookingDay, BookingDetails, bookingFooter, bookingTestTag, OpenBookingButton, shopBookingFooter, TestBookingNotice } from './booking-parts';
import { MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

/** 'Saturday, May 16, 2026, 6:00 PM to 9:00 PM' */
const when = (at: { eventDate: string; startTime: string; endTime: string }, shop: ShopIdentity) =>
  `${bookingDay(at.eventDate, shop)}, ${formatEventTime(at.startTime)} to ${formatEventTime(at.endTime)}`;

/**
 * When the owner moves a booking to another day or times: where it was and where it is now, the
 * owner's note, and the status page. A booking in the calendars (confirmed, balance due) carries
 * the updated invitation (same UID, a higher SEQUENCE), which moves the event there; the shop's
 * copy is sent for that invitation (the shop's calendar holds the event too).
 */
export const bookingRescheduled: MailTemplate<MailTemplates['booking-rescheduled']> = {
  label: 'Booking moved to a new date or time (to the customer, and to the shop with the calendar update)',
  subject: (b, shop) =>
    `${bookingTestTag(b)}${b.recipient === 'shop' ? `Booking ${b.reference}` : `Your booking ${b.reference}`} has moved to ${bookingDay(b.eventDate, shop)}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingRescheduled.subject(b, shop)}
      preview={`Now ${when(b, shop)} (was ${when(b.previous, shop)}).`}
      footerNote={b.recipient === 'shop' ? shopBookingFooter(shop) : bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        {b.recipient === 'shop' ? `Booking ${b.reference} has a new date` : `Your booking has a new date, ${b.contactName}`}
      </Heading>
      <TestBookingNotice booking={b} />
      <Text style={styles.text}>
        {b.recipient === 'shop' ? `The ${b.packageName} booked by ${b.contactName} has moved.` : `We have moved the ${b.packageName} for your event.`}
      </Text>
      <Text style={styles.text}>
        Was: {when(b.previous, shop)}
        <br />
        Now: <strong>{when(b, shop)}</strong>
      </Text>
      {b.note && (
        <div style={styles.quote}>
          <TypedText text={b.note} />
        </div>
      )}
      {b.invitation && <Text style={styles.text}>The updated calendar invitation is attached: open it to move the event in your calendar.</Text>}
      <OpenBookingButton booking={b} />
      <BookingDetails booking={b} shop={shop} withContact={b.recipient === 'shop'} />
    </MailLayout>
  ),
};
