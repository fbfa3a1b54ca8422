import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OrderView, PickupOrder, PickupStatus } from '@cocoa/shared-types';
import { orderView } from '../../../test/fixtures';
import { browserWithPush, forgetBrowserPush, posted } from '../../../test/push-browser';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';
import OrderPage from './order-page';

const pickup: PickupOrder = {
  stopId: 12,
  stopName: 'Millennium Park',
  address: '201 E Randolph St, Chicago',
  timeZone: 'America/Chicago',
  // 11:00 AM on the shop's clock (America/Chicago, CST), whatever this computer's zone.
  slotStart: '2026-11-22T17:00:00.000Z',
  pickupAt: '2026-11-22T17:00:00.000Z',
  delayMinutes: 0,
  code: '7K3Q',
  status: 'preparing',
  name: 'Ada',
};
const pickupOrder = (over: Partial<PickupOrder> = {}): OrderView =>
  orderView({
    status: 'OPEN',
    items: [{ productId: 1, name: 'Classic Hot Cocoa', quantity: 2, price: 4.5, total: 9 }],
    subtotal: 9,
    discount: 0,
    discountCode: null,
    shipping: 0,
    tax: 0.63,
    tip: 1.35,
    total: 10.98,
    shippingName: '',
    shippingAddress: '',
    shippingCity: '',
    shippingState: '',
    shippingZip: '',
    shippingCountry: '',
    fulfilment: { status: 'paid', carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null, deliveredAt: null },
    fulfilmentMethod: 'pickup',
    pickup: { ...pickup, ...over },
  });
const ID = pickupOrder().id;
const ORDER = `GET /api/orders/${ID}?token=tok`;
const nobody = { status: 401, body: { message: 'Please log in to continue' } };
const renderAt = () => renderWithProviders(<OrderPage />, { route: `/orders/${ID}?token=tok`, path: '/orders/:id' });

/** The order as the server answers it call after call (the last one repeated), and how many calls were made. */
function answering(statuses: PickupStatus[]) {
  const counted = { calls: 0 };
  mockFetch({
    'GET /api/user': nobody,
    [ORDER]: async () => fakeResponse(200, pickupOrder({ status: statuses[Math.min(counted.calls++, statuses.length - 1)] })),
  });
  return counted;
}

afterEach(() => {
  jest.useRealTimers();
  forgetBrowserPush();
});

describe('OrderPage: a pickup order', () => {
  it('shows the code very large and spelled for screen readers, the status, the stop, the time on the shop’s clock and the name; a tip and no shipping', async () => {
    answering(['preparing']);
    const { container } = renderAt();
    expect(await screen.findByRole('img', { name: 'Pickup code 7 K 3 Q' })).toHaveTextContent('7K3Q');
    const panel = screen.getByRole('region', { name: 'Pickup' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Being made');
    expect(within(panel).getByText(/Millennium Park/)).toBeInTheDocument();
    expect(within(panel).getByText(/November 22, 2026 at 11:00 AM/)).toBeInTheDocument();
    expect(within(panel).getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipping to' })).toBeNull();
    expect(screen.queryByText('Shipping')).toBeNull();
    expect(screen.getByText('Tip').nextSibling).toHaveTextContent('$1.35');
    expect(screen.getByTestId('order-page-total')).toHaveTextContent('$10.98');
    await expectNoAxeViolations(container);
  });

  it('says when the owner announced a delay: the new time, and the slot it was', async () => {
    mockFetch({
      'GET /api/user': nobody,
      [ORDER]: { body: pickupOrder({ status: 'accepted', delayMinutes: 10, pickupAt: '2026-11-22T17:10:00.000Z' }) },
    });
    renderAt();
    expect(await screen.findByText(/at 11:10 AM/)).toBeInTheDocument();
    expect(screen.getByText(/running 10 minutes late, was 11:00 AM/)).toBeInTheDocument();
  });

  it('asks again every 2 seconds while the order waits, so “Ready” shows within 2 s, and stops once it is picked up', async () => {
    jest.useFakeTimers();
    const counted = answering(['preparing', 'ready', 'picked_up']);
    renderAt();
    expect(await screen.findByText('Being made')).toBeInTheDocument();
    expect(counted.calls).toBe(1);

    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(counted.calls).toBe(2);

    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Picked up')).toBeInTheDocument();
    expect(counted.calls).toBe(3);

    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(counted.calls).toBe(3);
  });

  it('never asks again for an order that has ended', async () => {
    jest.useFakeTimers();
    const counted = answering(['cancelled']);
    renderAt();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(counted.calls).toBe(1);
    expect(screen.queryByRole('button', { name: "Tell me when it's ready" })).toBeNull();
  });

  it('“Tell me when it’s ready” subscribes this browser to the order’s own topic', async () => {
    const calls = browserWithPush({ routes: { 'GET /api/user': nobody, [ORDER]: { body: pickupOrder() } } });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: "Tell me when it's ready" }));
    expect(await screen.findByText('We will tell you here when your order is ready')).toBeInTheDocument();
    expect(posted(calls, '/api/push/subscriptions')).toEqual([expect.objectContaining({ topic: { kind: 'order', orderId: ID } })]);
  });

  it('offers no notification button where the browser has no push', async () => {
    answering(['accepted']);
    renderAt();
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Tell me when it's ready" })).toBeNull();
  });
});
