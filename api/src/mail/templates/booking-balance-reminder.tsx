import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, bookingFooter } from './booking-parts';
import { ActionButton, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer when the balance falls due (the job queue sends it N days before the event). */
export const bookingBalanceReminder: MailTemplate<MailTemplates['booking-balance-reminder']> = {
  label: 'Balance due reminder (to the customer)',
  subject: (b) => `The balance for booking ${b.reference} is due: ${formatCents(b.amountDueCents)}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingBalanceReminder.subject(b, shop)}
      preview={`Your event is on ${bookingDay(b.eventDate, shop)}.`}
      footerNote={bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        Your event is coming up, {b.contactName}
      </Heading>
      <Text style={styles.text}>
        The {b.packageName} on <strong>{bookingDay(b.eventDate, shop)}</strong> is getting close. The balance of{' '}
        <strong>{formatCents(b.amountDueCents)}</strong> is now due; you can pay it on your booking page.
      </Text>
      <ActionButton href={b.bookingUrl}>{`Pay the ${formatCents(b.amountDueCents)} balance`}</ActionButton>
      <BookingDetails booking={b} shop={shop} />
    </MailLayout>
  ),
};
