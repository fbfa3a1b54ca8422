import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, bookingFooter, bookingTestTag, OpenBookingButton, shopBookingFooter } from './booking-parts';
import { MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer and to the shop when a booking is cancelled (by either side): why, and what is refunded. */
export const bookingCancelled: MailTemplate<MailTemplates['booking-cancelled']> = {
  label: 'Booking cancelled (to the customer and the shop)',
  subject: (b) => `${bookingTestTag(b)}Booking ${b.reference} has been cancelled`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingCancelled.subject(b, shop)}
      preview={
        b.refundCents > 0
          ? `A refund of ${formatCents(b.refundCents)} is on its way.`
          : `The ${b.packageName} on ${bookingDay(b.eventDate, shop)} will not take place.`
      }
      footerNote={b.recipient === 'shop' ? shopBookingFooter(shop) : bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        Booking {b.reference} has been cancelled
      </Heading>
      <Text style={styles.text}>
        {b.cancelledBy === 'customer' ? `${b.recipient === 'shop' ? b.contactName : 'You'} cancelled` : 'We have cancelled'} the booking of the {b.packageName}{' '}
        on {bookingDay(b.eventDate, shop)}.
      </Text>
      {b.message && (
        <div style={styles.quote}>
          <TypedText text={b.message} />
        </div>
      )}
      <Text style={styles.text}>
        {b.refundCents > 0
          ? `A refund of ${formatCents(b.refundCents)} goes back to the card the booking was paid with; banks take a few business days to show it.`
          : b.depositPaidCents > 0
            ? 'Under the cancellation policy, the deposit is kept: nothing is refunded.'
            : 'Nothing was paid, so nothing is refunded.'}
      </Text>
      <OpenBookingButton booking={b} />
    </MailLayout>
  ),
};
