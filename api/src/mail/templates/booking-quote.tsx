import { Heading, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { bookingDay, BookingDetails, bookingFooter, CancellationPolicy } from './booking-parts';
import { ActionButton, MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

/** To the customer when the owner accepts: the quote, the owner's note, and the link to pay the deposit. */
export const bookingQuote: MailTemplate<MailTemplates['booking-quote']> = {
  label: 'Booking quote and deposit link (to the customer)',
  subject: (b) => `Your quote for booking ${b.reference}: ${formatCents(b.quoteCents)}`,
  Email: ({ data: b, shop }) => (
    <MailLayout
      shop={shop}
      title={bookingQuote.subject(b, shop)}
      preview={`Pay the ${formatCents(b.depositCents)} deposit to confirm ${bookingDay(b.eventDate, shop)}.`}
      footerNote={bookingFooter(shop)}
    >
      <Heading as="h1" style={styles.heading}>
        We would love to serve your event, {b.contactName}
      </Heading>
      <Text style={styles.text}>
        Your quote for the {b.packageName} on <strong>{bookingDay(b.eventDate, shop)}</strong> is <strong>{formatCents(b.quoteCents)}</strong>. Pay the deposit
        of <strong>{formatCents(b.depositCents)}</strong> to confirm the date; the date is held for you only once it is paid.
      </Text>
      {b.note && (
        <div style={styles.quote}>
          <TypedText text={b.note} />
        </div>
      )}
      <ActionButton href={b.bookingUrl}>{b.depositCents > 0 ? `Pay the ${formatCents(b.depositCents)} deposit` : 'See your booking'}</ActionButton>
      <BookingDetails booking={b} shop={shop} />
      <CancellationPolicy booking={b} />
    </MailLayout>
  ),
};
