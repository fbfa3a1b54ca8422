import { screen, within } from '@testing-library/react';
import type { MyBooking } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { bookingParty } from '../../../test/fixtures';
import { MyBookings } from './my-bookings';

const booking: MyBooking = {
  reference: 'CB-7K3Q',
  state: 'awaiting_deposit',
  packageName: 'Iced & Shake Bar',
  date: '2027-06-19',
  ...bookingParty,
  quoteCents: 70000,
  amountDue: { kind: 'deposit', amountCents: 17500 },
  statusPath: '/bookings/CB-7K3Q',
};

describe('MyBookings on /account', () => {
  it("lists the signed-in customer's bookings, each linking to its status page with what is due", async () => {
    mockFetch({
      'GET /api/me/bookings': { body: [booking, { ...booking, reference: 'CB-9XYZ', state: 'completed', amountDue: null, statusPath: '/bookings/CB-9XYZ' }] },
    });
    renderWithProviders(<MyBookings userId={7} />, { route: '/account' });
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/bookings/CB-7K3Q', '/bookings/CB-9XYZ']);
    expect(links[0]).toHaveTextContent(
      'CB-7K3QAwaiting depositIced & Shake Bar · 60 guestsSaturday, June 19, 2027, 2:00 PM - 5:00 PM · Riverside PavilionDeposit due: $175.00',
    );
    expect(links[1]).toHaveTextContent('Completed');
    expect(links[1]).not.toHaveTextContent('due');
  });

  it('offers the booking form when there is none yet', async () => {
    mockFetch({ 'GET /api/me/bookings': { body: [] } });
    renderWithProviders(<MyBookings userId={7} />, { route: '/account' });
    expect(await screen.findByRole('link', { name: 'Book an event' })).toHaveAttribute('href', '/events#book');
  });
});
