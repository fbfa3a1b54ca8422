import { Heading, Text } from './elements';
import type { MailTemplates } from './types';
import { bookingDay, bookingFooter } from './booking-parts';
import { MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer when the owner declines the request, with the owner's message. */
export const bookingDeclined: MailTemplate<MailTemplates['booking-declined']> = {
  label: 'Booking request declined (to the customer)',
  subject: (b) => `About your booking request ${b.reference}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingDeclined.subject(b, shop)}
      preview={`We cannot take the booking for ${bookingDay(b.eventDate, shop)}.`}
      footerNote={bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        We are sorry, {b.contactName}
      </Heading>
      <Text style={styles.text}>
        We cannot take your request {b.reference} for the {b.packageName} on {bookingDay(b.eventDate, shop)}. Nothing was charged.
      </Text>
      <div style={styles.quote}>
        <TypedText text={b.message} />
      </div>
    </MailLayout>
  ),
};
