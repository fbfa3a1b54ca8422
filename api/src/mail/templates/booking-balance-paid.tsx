import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, bookingFooter, bookingTestTag, OpenBookingButton, shopBookingFooter, TestBookingNotice } from './booking-parts';
import { MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer (a receipt) and to the shop when the balance is paid: the booking is paid in full. */
export const bookingBalancePaid: MailTemplate<MailTemplates['booking-balance-paid']> = {
  label: 'Balance paid, booking paid in full (to the customer and the shop)',
  subject: (b, shop) =>
    b.recipient === 'shop'
      ? `${bookingTestTag(b)}Balance paid for booking ${b.reference}: ${bookingDay(b.eventDate, shop)}`
      : `${bookingTestTag(b)}Thank you: booking ${b.reference} is paid in full`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingBalancePaid.subject(b, shop)}
      preview={`${formatCents(b.amountPaidCents)} received. ${b.packageName}, ${bookingDay(b.eventDate, shop)}.`}
      footerNote={b.recipient === 'shop' ? shopBookingFooter(shop) : bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        {b.recipient === 'shop' ? `Booking ${b.reference} is paid in full` : `You're all set, ${b.contactName}!`}
      </Heading>
      <TestBookingNotice booking={b} />
      <Text style={styles.text}>
        {b.recipient === 'shop'
          ? `${b.contactName} paid the balance of ${formatCents(b.amountPaidCents)}.`
          : `We received your balance payment of ${formatCents(b.amountPaidCents)}.`}{' '}
        With the deposit of {formatCents(b.depositPaidCents)}, the {b.packageName} on <strong>{bookingDay(b.eventDate, shop)}</strong> is paid in full:{' '}
        {formatCents(b.depositPaidCents + b.balancePaidCents)}.
      </Text>
      <OpenBookingButton booking={b} />
      <BookingDetails booking={b} shop={shop} withContact={b.recipient === 'shop'} />
    </MailLayout>
  ),
};
