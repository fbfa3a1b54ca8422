import { Heading, Link, Text } from './elements';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, shopBookingFooter } from './booking-parts';
import { ActionButton, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** To the shop (CONTACT_TO) when a booking request arrives: who, when, where, and a link into the admin. */
export const bookingRequest: MailTemplate<MailTemplates['booking-request']> = {
  label: 'New booking request (to the shop)',
  subject: (b, shop) => `New booking request ${b.reference}: ${b.packageName} on ${bookingDay(b.eventDate, shop)}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingRequest.subject(b, shop)}
      preview={`${b.guests} guests at ${b.venueName}, from ${b.contactName}`}
      footerNote={shopBookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        New booking request {b.reference}
      </Heading>
      <Text style={styles.text}>
        {b.contactName} (
        <Link href={`mailto:${b.contactEmail}`} style={styles.link}>
          {b.contactEmail}
        </Link>
        ) asks for the {b.packageName} for {b.guests} guests on {bookingDay(b.eventDate, shop)}.
      </Text>
      <ActionButton href={b.adminUrl}>Accept or decline in the admin</ActionButton>
      <BookingDetails booking={b} shop={shop} withContact />
    </MailLayout>
  ),
};
