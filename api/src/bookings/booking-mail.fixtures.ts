import { shopIdentity } from '../mail/templates';
import type { InvitedBooking } from './booking-ics';

/** Test fixtures for the booking e-mail specs (plain data, no test framework). */

/** The test shop the booking e-mails are rendered for (America/Chicago). */
export const MAIL_SHOP = shopIdentity({ siteUrl: 'https://cocoa.example', timeZone: 'America/Chicago', email: 'hello@cocoa.example' });

/** A booking as the booking e-mails receive it: an event past midnight, a deposit paid, its links. */
export const MAILED_BOOKING = {
  reference: 'CB-7K3Q',
  packageName: 'Iced & Shake Bar',
  eventDate: '2026-03-08',
  startTime: '19:30',
  endTime: '00:30',
  guests: 85,
  venueName: 'Café Olé',
  venueAddress: '2701 Riverside Drive, Ottawa, ON K1A 0B1',
  contactName: 'Jean-Luc Tremblay',
  contactEmail: 'jl.tremblay@example.com',
  contactPhone: '+16135550142',
  notes: 'Two flights of stairs.\nNo elevator.' as string | null,
  quoteCents: 123456,
  depositCents: 30864,
  balanceCents: 92592,
  depositPaidCents: 30864,
  balancePaidCents: 0,
  balanceDueDate: '2026-02-22',
  bookingUrl: 'https://cocoa.example/bookings/CB-7K3Q?token=abc_def',
  adminUrl: 'https://cocoa.example/admin?tab=bookings&booking=7',
  testMode: false,
};

/** The same booking as its calendar invitation receives it. */
const { reference, packageName, eventDate, startTime, endTime, guests, venueName, venueAddress } = MAILED_BOOKING;
export const INVITED_BOOKING: InvitedBooking = {
  id: 7,
  reference,
  packageName,
  eventDate,
  startTime,
  endTime,
  guests,
  venueName,
  venueAddress,
  updatedAt: new Date('2026-02-01T10:00:00Z'),
};

/** The test shop's invitation settings (method PUBLISH). */
export const INVITATION_OPTIONS = {
  shopName: 'Cocoa Shop',
  shopEmail: 'hello@cocoa.example',
  host: 'cocoa.example',
  timeZone: 'America/Chicago',
  url: 'https://cocoa.example/bookings/CB-7K3Q?token=abc',
  method: 'PUBLISH' as const,
};
