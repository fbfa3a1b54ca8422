import type { AdminBookingDetail, AdminBookingSummary } from '@cocoa/shared-types';
import { bookingContact, bookingParty } from '../../../test/fixtures';

/** A booking as the owner's list shows it: CB-7K3Q, requested, 60 guests at Riverside Pavilion. */
export function adminBookingSummary(overrides: Partial<AdminBookingSummary> = {}): AdminBookingSummary {
  return {
    id: 5,
    reference: 'CB-7K3Q',
    state: 'requested',
    packageName: 'Iced & Shake Bar',
    date: '2027-06-19',
    ...bookingParty,
    contactName: 'Robin Park',
    contactEmail: 'robin@example.com',
    quoteCents: 63000,
    depositPaidCents: 0,
    balancePaidCents: 0,
    refundedCents: 0,
    testMode: false,
    createdAt: '2027-05-01T15:00:00.000Z',
    ...overrides,
  };
}

/** The same booking opened: its thread, payments and the day's clashes. */
export function adminBookingDetail(overrides: Partial<AdminBookingDetail> = {}): AdminBookingDetail {
  return {
    ...adminBookingSummary(),
    packageId: 2,
    timeZone: 'America/Chicago',
    ...bookingContact,
    notes: 'Outdoor, near the river',
    depositPercent: 25,
    depositCents: 15750,
    balanceCents: 47250,
    balanceDueDate: null,
    refundableCents: 0,
    policyRefundCents: 0,
    statusUrl: 'http://localhost:3000/bookings/CB-7K3Q?token=tok',
    tracker: 'none',
    stopId: null,
    events: [
      { id: 1, at: '2027-05-01T15:00:00.000Z', actor: 'customer', type: 'requested', fromState: null, toState: 'requested', note: null, amountCents: null },
    ],
    payments: [],
    clashes: {
      bookings: [{ id: 9, reference: 'CB-ZZ22', state: 'awaiting_deposit', startTime: '10:00', endTime: '12:00', contactName: 'Sam Lee' }],
      stops: [{ id: 3, title: 'Farmers Market', startTime: '09:00', endTime: '13:00', location: 'Union Square' }],
    },
    ...overrides,
  };
}
