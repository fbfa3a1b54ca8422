import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, bookingFooter, bookingTestTag, OpenBookingButton, shopBookingFooter, TestBookingNotice } from './booking-parts';
import { MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer and to the shop when the deposit is paid; both carry the calendar invitation (an .ics attachment). */
export const bookingConfirmed: MailTemplate<MailTemplates['booking-confirmed']> = {
  label: 'Booking confirmed, with calendar invitation (to the customer and the shop)',
  subject: (b, shop) =>
    b.recipient === 'shop'
      ? `${bookingTestTag(b)}Booking ${b.reference} confirmed: ${bookingDay(b.eventDate, shop)}`
      : `${bookingTestTag(b)}Your booking ${b.reference} is confirmed`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingConfirmed.subject(b, shop)}
      preview={`${b.packageName}, ${bookingDay(b.eventDate, shop)}. The invitation is attached.`}
      footerNote={b.recipient === 'shop' ? shopBookingFooter(shop) : bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        {b.recipient === 'shop' ? `Deposit paid: booking ${b.reference} is confirmed` : `Your date is booked, ${b.contactName}!`}
      </Heading>
      <TestBookingNotice booking={b} />
      <Text style={styles.text}>
        {b.recipient === 'shop'
          ? `${b.contactName} paid the deposit of ${formatCents(b.depositPaidCents)}.`
          : `We received your deposit of ${formatCents(b.depositPaidCents)}.`}{' '}
        The {b.packageName} is booked for <strong>{bookingDay(b.eventDate, shop)}</strong>. The calendar invitation is attached.
        {b.balanceCents > b.balancePaidCents && b.balanceDueDate
          ? ` The balance of ${formatCents(b.balanceCents - b.balancePaidCents)} is due ${bookingDay(b.balanceDueDate, shop)}.`
          : ''}
      </Text>
      <OpenBookingButton booking={b} />
      <BookingDetails booking={b} shop={shop} withContact={b.recipient === 'shop'} />
    </MailLayout>
  ),
};
