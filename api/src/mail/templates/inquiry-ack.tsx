import { Heading, Text } from './elements';
import { formatLongDate, noonOf } from '@cocoa/shared-types';
import type { MailTemplates, ShopIdentity } from './types';
import { MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** 'June 14, 2026' of the event's day ('2026-06-14', a day in the shop's zone); anything else as given. */
function eventDay(day: string, shop: ShopIdentity): string {
  const formatted = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatLongDate(noonOf(day, shop.timeZone), shop.timeZone) : 'N/A';
  return formatted === 'N/A' ? day : formatted;
}

/** To whoever sent an event inquiry: we have it, for which day. No copy of the message (see contact-ack.tsx). */
export const inquiryAck: MailTemplate<MailTemplates['inquiry-ack']> = {
  label: 'Event inquiry received (to the sender)',
  subject: (data, shop) => `We received your event inquiry for ${eventDay(data.eventDate, shop)}`,
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={inquiryAck.subject(data, shop)}
      preview="We will check the calendar and reply with availability and a quote."
      footerNote={`You are receiving this e-mail because this address was given in the event inquiry form of ${shop.name}.`}
    >
      <Heading as="h1" style={styles.heading}>
        Thank you for thinking of us, {data.name}
      </Heading>
      <Text style={styles.text}>
        We have your inquiry for an event on <strong>{eventDay(data.eventDate, shop)}</strong>. We will check our calendar and reply with availability and a
        quote as soon as possible. To add something, reply to this e-mail.
      </Text>
    </MailLayout>
  ),
};
