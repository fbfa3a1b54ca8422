import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProviderOrder } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import OrdersPage from './orders-page';

const user = { id: 7, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false };
const money = (amount: number) => ({ amount, currency: 'USD' });

function order(id: string, overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id,
    state: 'COMPLETED',
    testMode: false,
    createdAt: '2026-11-20T15:30:00.000Z',
    totalMoney: money(4930),
    totalTaxMoney: money(283),
    totalServiceChargeMoney: money(599),
    lineItems: [
      { name: 'Classic Hot Cocoa', quantity: '2', basePriceMoney: money(1299), totalMoney: money(2598) },
      { name: 'Peppermint Cocoa', quantity: '1', basePriceMoney: money(1450), totalMoney: money(1450) },
    ],
    fulfillments: [
      {
        type: 'SHIPMENT',
        state: 'PROPOSED',
        shipmentDetails: {
          recipient: {
            displayName: 'Jane Doe',
            emailAddress: 'jane@example.com',
            phoneNumber: '5551234567',
            address: { addressLine1: '12 Cocoa Lane', locality: 'Portland', administrativeDistrictLevel1: 'OR', postalCode: '97201', country: 'US' },
          },
        },
      },
    ],
    fulfilment: { status: 'paid', carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null, deliveredAt: null },
    ...overrides,
  };
}

// stands in for Headers.get (the fake responses of test/render have no headers)
const headersOf = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? entries[name.toLowerCase()] ?? null }) as unknown as Headers;

describe('OrdersPage', () => {
  it("shows 'No Orders Found' when there are none", async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/orders': { body: [] } });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    expect(await screen.findByRole('heading', { name: 'No Orders Found' })).toBeInTheDocument();
    expect(screen.getByText("You haven't placed any orders yet.")).toBeInTheDocument();
  });

  it("shows 'Error Loading Orders' with the server's message, or the fallback", async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/orders': { status: 401, body: { message: 'Authentication required' } } });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    expect(await screen.findByRole('heading', { name: 'Error Loading Orders' })).toBeInTheDocument();
    expect(screen.getByText('Authentication required')).toBeInTheDocument();
  });

  it('shows the fallback text when the error has no message', async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/orders': async () => fakeResponse(500, undefined, '') });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    expect(await screen.findByRole('heading', { name: 'Error Loading Orders' })).toBeInTheDocument();
    expect(screen.getByText('Request failed')).toBeInTheDocument();
  });

  it('lists order cards: 8-character id, badge, long date, currency, collapsible items and shipping; Load more follows the cursor', async () => {
    const first = order('3f2a9c1e-0000-4000-8000-000000000001');
    const second = order('aa11bb22-0000-4000-8000-000000000002', { state: 'CANCELED', createdAt: '' as unknown as string, totalMoney: money(1234) });
    const { calls } = mockFetch({
      'GET /api/user': { body: user },
      'GET /api/me/orders': async () => Object.assign(fakeResponse(200, [first]), { headers: headersOf({ 'X-Next-Cursor': first.id }) }),
      [`GET /api/me/orders?cursor=${first.id}`]: async () => Object.assign(fakeResponse(200, [second]), { headers: headersOf({}) }),
    });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const card = (await screen.findByRole('heading', { name: 'Order #3f2a9c1e' })).closest('article') as HTMLElement;
    expect(card).toHaveTextContent('COMPLETED');
    expect(card).toHaveTextContent('November 20, 2026');
    expect(card.querySelector('[data-testid="order-total"]')).toHaveTextContent('$49.30');
    const items = screen.getAllByText(/^Items \(3\)$/)[0].closest('details') as HTMLDetailsElement;
    expect(items.open).toBe(false);
    expect(items).toHaveTextContent('Classic Hot Cocoa');
    expect(items).toHaveTextContent('$25.98');
    expect(card).toHaveTextContent('12 Cocoa Lane');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const next = (await screen.findByRole('heading', { name: 'Order #aa11bb22' })).closest('article') as HTMLElement;
    expect(next).toHaveTextContent('CANCELED');
    expect(next.querySelector('.state-badge')).toHaveClass('state-badge--destructive');
    expect(next).toHaveTextContent('N/A');
    expect(next).toHaveTextContent('$12.34');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(calls.map((c) => c.url)).toContain(`/api/me/orders?cursor=${first.id}`);
  });

  it('marks a test-mode order TEST, and only that one', async () => {
    const paid = order('11aa22bb-0000-4000-8000-000000000003');
    const test = order('33cc44dd-0000-4000-8000-000000000004', { testMode: true });
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/orders': { body: [test, paid] } });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const testCard = (await screen.findByRole('heading', { name: 'Order #33cc44dd' })).closest('article') as HTMLElement;
    expect(testCard.querySelector('.badge--test')).toHaveTextContent('TEST');
    const paidCard = screen.getByRole('heading', { name: 'Order #11aa22bb' }).closest('article') as HTMLElement;
    expect(paidCard.querySelector('.badge--test')).toBeNull();
  });

  it('shows where each parcel is beside the unchanged state badge, and the carrier with a tracking link once shipped', async () => {
    const preparing = order('55ee66ff-0000-4000-8000-000000000005');
    const shipped = order('77aa88bb-0000-4000-8000-000000000006', {
      fulfilment: {
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-21T15:00:00.000Z',
        deliveredAt: null,
      },
    });
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/orders': { body: [shipped, preparing] } });
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const shippedCard = (await screen.findByRole('heading', { name: 'Order #77aa88bb' })).closest('article') as HTMLElement;
    expect(shippedCard.querySelector('.state-badge')).toHaveTextContent('COMPLETED');
    expect(shippedCard.querySelector('.fulfilment-badge')).toHaveTextContent('Shipped');
    expect(shippedCard).toHaveTextContent('Shipped with UPS · tracking number 1Z999AA10123456784');
    const track = within(shippedCard).getByRole('link', { name: 'Track your parcel' });
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(shippedCard).getByRole('link', { name: 'View order #77aa88bb' })).toHaveAttribute('href', '/orders/77aa88bb-0000-4000-8000-000000000006');

    const preparingCard = screen.getByRole('heading', { name: 'Order #55ee66ff' }).closest('article') as HTMLElement;
    expect(preparingCard.querySelector('.fulfilment-badge')).toHaveTextContent('Preparing your order');
    expect(within(preparingCard).queryByRole('link', { name: 'Track your parcel' })).toBeNull();
  });
});
