import { act, screen } from '@testing-library/react';
import { stopPickup } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { OrderAheadLink } from './order-ahead-link';

const PICKUP = 'GET /api/stops/12/pickup';
const stop = { id: 12, takesOrders: true };

describe('OrderAheadLink', () => {
  it('links the stop’s page and says its next free pickup time on the shop’s clock', async () => {
    mockFetch({ [PICKUP]: { body: stopPickup() } });
    renderWithProviders(<OrderAheadLink stop={stop} name="Millennium Park" />);
    expect(screen.getByRole('link', { name: 'Order ahead at Millennium Park' })).toHaveAttribute('href', '/stops/12');
    expect(await screen.findByText(/^Next pickup: 10:00 AM/)).toBeInTheDocument();
  });

  it('says “as soon as possible” while the cart serves there', async () => {
    mockFetch({ [PICKUP]: { body: stopPickup({ asap: { slotStart: stopPickup().slots[0].start, estimate: '2026-11-22T16:05:00.000Z' } }) } });
    renderWithProviders(<OrderAheadLink stop={stop} name="Millennium Park" />);
    expect(await screen.findByText(/^Next pickup: as soon as possible, about 10:05 AM/)).toBeInTheDocument();
  });

  it('shows no time when the stop takes no orders now, and nothing at all for a stop that never does', async () => {
    const { calls } = mockFetch({ [PICKUP]: { body: stopPickup({ open: false, reason: 'Every pickup time at this stop is taken or past.', slots: [] }) } });
    const { rerender } = renderWithProviders(<OrderAheadLink stop={stop} name="Millennium Park" />);
    await screen.findByRole('link', { name: 'Order ahead at Millennium Park' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/Next pickup/)).toBeNull();
    rerender(<OrderAheadLink stop={{ id: 13, takesOrders: false }} name="Navy Pier" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls.filter((c) => c.url.includes('/api/stops/13'))).toEqual([]);
  });
});
