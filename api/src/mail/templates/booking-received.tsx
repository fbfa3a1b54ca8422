import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, bookingFooter, CancellationPolicy } from './booking-parts';
import { ActionButton, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer when their request arrives: we have it, the estimate, what happens next. */
export const bookingReceived: MailTemplate<MailTemplates['booking-received']> = {
  label: 'Booking request received (to the customer)',
  subject: (b) => `We received your booking request ${b.reference}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingReceived.subject(b, shop)}
      preview={`${b.packageName} on ${bookingDay(b.eventDate, shop)}: we will reply with a quote.`}
      footerNote={bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        Thank you for your request, {b.contactName}
      </Heading>
      <Text style={styles.text}>
        We have your request for the {b.packageName} on <strong>{bookingDay(b.eventDate, shop)}</strong>. Your estimate is{' '}
        <strong>{formatCents(b.quoteCents)}</strong>. We will check our calendar and send you a quote; your booking is confirmed once the deposit is paid.
      </Text>
      <ActionButton href={b.bookingUrl}>See your booking</ActionButton>
      <BookingDetails booking={b} shop={shop} />
      <CancellationPolicy booking={b} />
    </MailLayout>
  ),
};
