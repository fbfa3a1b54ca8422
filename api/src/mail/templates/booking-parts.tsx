import { Heading, Section, Text } from './elements';
import { formatCents, formatEventTime, formatLongDate, noonOf } from '@cocoa/shared-types';
import type { CSSProperties } from 'react';
import type { BookingMailData, ShopIdentity } from './types';
import { ActionButton, COLOURS, DataTable, styles, TypedText } from './layout';

/** What every booking message knows about its booking (bookings/booking-mail.service.ts fills it). */

/** 'Saturday, June 20, 2026' of a day in the shop's zone. */
export function bookingDay(day: string, shop: ShopIdentity): string {
  const at = noonOf(day, shop.timeZone);
  return `${at.toLocaleDateString('en-US', { weekday: 'long', timeZone: shop.timeZone })}, ${formatLongDate(at, shop.timeZone)}`;
}

export const bookingTimes = (b: BookingMailData) => `${formatEventTime(b.startTime)} to ${formatEventTime(b.endTime)}`;

export const bookingTestTag = (b: BookingMailData) => (b.testMode ? '[TEST] ' : '');

export const bookingFooter = (shop: ShopIdentity) =>
  `You are receiving this e-mail about an event booking you made with ${shop.name}. Questions? Reply to this e-mail or write to ${shop.email}.`;

export const shopBookingFooter = (shop: ShopIdentity) => `Sent to the shop by the ${shop.name} website about an event booking.`;

export function TestBookingNotice({ booking }: { booking: BookingMailData }) {
  if (!booking.testMode) return null;
  return <Text style={styles.notice}>TEST BOOKING: paid in test mode. No money was taken.</Text>;
}

const labelCell: CSSProperties = {
  color: COLOURS.muted,
  fontSize: '14px',
  lineHeight: '22px',
  padding: '6px 12px 6px 0',
  textAlign: 'left',
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
  fontWeight: 400,
};
const valueCell: CSSProperties = { color: COLOURS.text, fontSize: '15px', lineHeight: '22px', padding: '6px 0', textAlign: 'left', verticalAlign: 'top' };

/**
 * The booking's facts as a data table (row headers), and its money: the quote, deposit and balance
 * with what is paid. The text part prints it as aligned columns.
 */
export function BookingDetails({ booking, shop, withContact = false }: { booking: BookingMailData; shop: ShopIdentity; withContact?: boolean }) {
  const rows: Array<[string, string]> = [
    ['Reference', booking.reference],
    ['Package', booking.packageName],
    ['Date', bookingDay(booking.eventDate, shop)],
    ['Time', bookingTimes(booking)],
    ['Guests', String(booking.guests)],
    ['Venue', `${booking.venueName}, ${booking.venueAddress}`],
    ...(withContact ? ([['Contact', `${booking.contactName}, ${booking.contactEmail}, ${booking.contactPhone}`]] as Array<[string, string]>) : []),
    ['Total', formatCents(booking.quoteCents)],
    ['Deposit', `${formatCents(booking.depositCents)}${booking.depositPaidCents >= booking.depositCents && booking.depositCents > 0 ? ' (paid)' : ''}`],
    [
      'Balance',
      `${formatCents(booking.balanceCents)}${booking.balancePaidCents >= booking.balanceCents && booking.balanceCents > 0 ? ' (paid)' : booking.balanceDueDate ? ` (due ${formatLongDate(noonOf(booking.balanceDueDate, shop.timeZone), shop.timeZone)})` : ''}`,
    ],
  ];
  return (
    <Section>
      <DataTable heading={<>Booking {booking.reference}</>}>
        <caption style={{ ...styles.muted, textAlign: 'left' }}>Details of booking {booking.reference}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" style={labelCell}>
                {label}
              </th>
              <td style={valueCell}>{value}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {booking.notes && (
        <>
          <Text style={{ ...styles.text, margin: '0 0 4px', fontWeight: 700 }}>Notes</Text>
          <div style={styles.quote}>
            <TypedText text={booking.notes} />
          </div>
        </>
      )}
    </Section>
  );
}

/** The button to the booking: its page for the customer, the admin's view of it for the shop. */
export function OpenBookingButton({ booking }: { booking: BookingMailData & { recipient: 'customer' | 'shop' } }) {
  const shop = booking.recipient === 'shop';
  return <ActionButton href={shop ? booking.adminUrl : booking.bookingUrl}>{shop ? 'Open the booking in the admin' : 'See your booking'}</ActionButton>;
}

/** The shop's cancellation policy, as the customer agreed to it, closing a message to them. */
export function CancellationPolicy({ booking }: { booking: { policy: string } }) {
  return (
    <>
      <Heading as="h2" style={styles.subheading}>
        Cancellation policy
      </Heading>
      <Text style={styles.text}>{booking.policy}</Text>
    </>
  );
}
