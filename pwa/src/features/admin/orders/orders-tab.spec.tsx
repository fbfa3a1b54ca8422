import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AdminOrderDetail, type AdminOrderSummary, type AdminOrdersPage, DEMO_SHOP_IDENTITY } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithToasts } from '../../../test/render';
import { segmentNamed, swipeActionsOf, tapChoice } from '../../../test/ionic';
import { OrdersTab } from './orders-tab';

const ID = '3f2a9c1e-0000-4000-8000-000000000001';
const LIST = 'GET /api/admin/orders?test=all&page=1&pageSize=25';
const DETAIL = `GET /api/admin/orders/${ID}`;

function summary(n: number, overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  const id = n === 1 ? ID : `0000000${n}-0000-4000-8000-00000000000${n}`;
  return {
    id,
    number: id.slice(0, 8),
    createdAt: '2026-11-20T15:30:00.000Z',
    customerName: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'COMPLETED',
    fulfilmentStatus: 'paid',
    testMode: false,
    itemCount: 3,
    totalCents: 3860,
    refundedCents: 0,
    currency: 'USD',
    ...overrides,
  };
}
const page = (orders: AdminOrderSummary[], extra: Partial<AdminOrdersPage> = {}): AdminOrdersPage => ({
  orders,
  page: 1,
  pageSize: 25,
  total: orders.length,
  ...extra,
});

function detail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: ID,
    number: '3f2a9c1e',
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:01.000Z',
    status: 'COMPLETED',
    fulfilmentStatus: 'paid',
    testMode: false,
    email: 'ada@example.com',
    userId: null,
    payment: { provider: 'square', paymentId: 'PAY-1', paymentStatus: 'COMPLETED', squareOrderId: 'ORDER-1', squareCustomerId: 'CUST-1' },
    totals: {
      currency: 'USD',
      subtotalCents: 3048,
      discountCents: 0,
      discountCode: null,
      shippingCents: 599,
      taxCents: 213,
      totalCents: 3860,
      refundedCents: 0,
      pendingRefundCents: 0,
      refundableCents: 3860,
    },
    shipping: { name: 'Ada Lovelace', phone: '+12175550142', address: '12 Analytical Way', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
    lines: [
      { id: 11, productId: 1, name: 'Dark Cocoa', unitPriceCents: 1299, quantity: 2, totalCents: 2598, refundedQuantity: 0 },
      { id: 12, productId: 2, name: 'Cocoa Mug', unitPriceCents: 450, quantity: 1, totalCents: 450, refundedQuantity: 0 },
    ],
    shipment: { carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null, deliveredAt: null },
    refunds: [],
    timeline: [
      { id: '1', at: '2026-11-20T15:30:00.000Z', actor: 'checkout', type: 'placed', from: null, to: 'PENDING', detail: {} },
      { id: '2', at: '2026-11-20T15:30:01.000Z', actor: 'checkout', type: 'paid', from: 'PENDING', to: 'COMPLETED', detail: {} },
    ],
    ...overrides,
  };
}

const renderTab = (route = '/admin?tab=orders') => renderWithToasts(<OrdersTab />, { route });

describe('OrdersTab: the list', () => {
  it('lists orders newest first with number, customer, total, fulfilment and the TEST flag; pages with Next', async () => {
    const { calls } = mockFetch({
      [LIST]: {
        body: page([summary(1), summary(2, { customerName: 'Grace Hopper', fulfilmentStatus: 'shipped', testMode: true, itemCount: 1 })], { total: 30 }),
      },
      'GET /api/admin/orders?test=all&page=2&pageSize=25': { body: page([summary(3, { customerName: 'Old Customer' })], { page: 2, total: 30 }) },
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Orders' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Open order #3f2a9c1e, Ada Lovelace, $38.60', 'Open order #00000002, Grace Hopper, $38.60']);
    expect(rows[0]).toHaveTextContent('Paid, to pack');
    expect(rows[1]).toHaveTextContent('Shipped');
    expect(rows[1]).toHaveTextContent('TEST');
    expect(rows[1]).toHaveTextContent('1 item');
    expect(screen.getByText('Page 1 of 2 · 30 orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Old Customer')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/admin/orders?test=all&page=2&pageSize=25');
  });

  it('a swipe on a paid order marks it packed from the list, and the list shows it; other rows offer nothing', async () => {
    let packed = false;
    const { calls } = mockFetch({
      [LIST]: async () =>
        fakeResponse(
          200,
          page([
            summary(1, { fulfilmentStatus: packed ? 'packed' : 'paid' }),
            summary(2, { fulfilmentStatus: 'shipped' }),
            summary(3, { status: 'PENDING', fulfilmentStatus: null }),
          ]),
        ),
      [`POST /api/admin/orders/${ID}/fulfilment`]: async () => {
        packed = true;
        return fakeResponse(200, detail({ fulfilmentStatus: 'packed' }));
      },
    });
    renderTab();
    const rows = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('button');
    expect(swipeActionsOf(rows[0]).map((a) => a.textContent)).toEqual(['Mark packed']);
    expect(swipeActionsOf(rows[1])).toEqual([]);
    expect(swipeActionsOf(rows[2])).toEqual([]);

    fireEvent.click(swipeActionsOf(rows[0])[0]);
    expect(await screen.findByText('Order #3f2a9c1e: Packed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: `/api/admin/orders/${ID}/fulfilment`, body: { to: 'packed' } }]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('button')[0]).toHaveTextContent('Packed'));
    expect(swipeActionsOf(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('button')[0])).toEqual([]);
  });

  it('searches on submit and filters on change, back to the first page, with an empty state of its own', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: page([summary(1)]) },
      'GET /api/admin/orders?q=grace&test=all&page=1&pageSize=25': { body: page([]) },
      'GET /api/admin/orders?q=grace&fulfilment=packed&test=all&page=1&pageSize=25': { body: page([]) },
      'GET /api/admin/orders?q=grace&fulfilment=packed&test=exclude&page=1&pageSize=25': { body: page([summary(1, { fulfilmentStatus: 'packed' })]) },
    });
    renderTab();
    await screen.findByRole('list', { name: 'Orders' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: '  grace ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Fulfilment'), { target: { value: 'packed' } });
    fireEvent.change(screen.getByLabelText('Test orders'), { target: { value: 'exclude' } });
    expect(await screen.findByText('Packed')).toBeInTheDocument();
    expect(calls.map((c) => c.url).at(-1)).toBe('/api/admin/orders?q=grace&fulfilment=packed&test=exclude&page=1&pageSize=25');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(calls.map((c) => c.url).at(-1)).toBe('/api/admin/orders?test=all&page=1&pageSize=25'));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it("says so when the list fails, with the server's message and a way to try again", async () => {
    mockFetch({ [LIST]: { status: 500, body: { message: 'The shop is temporarily unavailable. Please try again shortly.' } } });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is temporarily unavailable. Please try again shortly.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows "No orders yet." for a shop without orders', async () => {
    mockFetch({ [LIST]: { body: page([]) } });
    renderTab();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });
});

describe('OrdersTab: one order', () => {
  it('opens from the list into the address, shows the allowed next moves only and the timeline, and returns', async () => {
    mockFetch({ [LIST]: { body: page([summary(1)]) }, [DETAIL]: { body: detail() } });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: /^Open order #3f2a9c1e/ }));
    expect(await screen.findByRole('heading', { name: 'Order #3f2a9c1e' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/admin?tab=orders&order=${ID}`);
    const steps = screen.getByRole('group', { name: 'Next steps' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark packed', 'Mark shipped', 'Cancel order', 'Refund']);
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section') as HTMLElement;
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Order placed'), expect.stringContaining('Payment completed')]);
    expect(timeline).toHaveTextContent('by Checkout');

    fireEvent.click(screen.getByRole('button', { name: '← All orders' }));
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=orders');
  });

  it('offers only Mark delivered (confirmed first) once shipped, with the tracking link; no cancel', async () => {
    const shipped = detail({
      fulfilmentStatus: 'shipped',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-21T15:00:00.000Z',
        deliveredAt: null,
      },
    });
    const { calls } = mockFetch({
      [DETAIL]: { body: shipped },
      [`POST /api/admin/orders/${ID}/fulfilment`]: { body: { ...shipped, fulfilmentStatus: 'delivered' } },
    });
    renderTab(`/admin?tab=orders&order=${ID}`);
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark delivered', 'Refund']);
    expect(screen.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', shipped.shipment.trackingUrl);

    fireEvent.click(within(steps).getByRole('button', { name: 'Mark delivered' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark order #3f2a9c1e delivered?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Order #3f2a9c1e: Delivered')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: `/api/admin/orders/${ID}/fulfilment`, body: { to: 'delivered' } }]);
  });

  it('marks shipped through the carrier dialog, checking the tracking number before sending', async () => {
    const { calls } = mockFetch({
      [DETAIL]: { body: detail() },
      [`POST /api/admin/orders/${ID}/fulfilment`]: { body: detail({ fulfilmentStatus: 'shipped' }) },
    });
    renderTab(`/admin?tab=orders&order=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order #3f2a9c1e shipped' });
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'UPS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the tracking number');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Tracking number'), { target: { value: '1z 999 aa1 01 2345 6784' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ to: 'shipped', carrier: 'UPS', trackingNumber: '1z 999 aa1 01 2345 6784' }]);
  });

  it('cancels only after the confirmation dialog, with a reason, restocking by default', async () => {
    const { calls } = mockFetch({
      [DETAIL]: { body: detail() },
      [`POST /api/admin/orders/${ID}/cancel`]: {
        body: detail({ fulfilmentStatus: 'cancelled', totals: { ...detail().totals, refundedCents: 3860, refundableCents: 0 } }),
      },
    });
    renderTab(`/admin?tab=orders&order=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order #3f2a9c1e?' });
    expect(dialog).toHaveTextContent("$38.60 (everything not refunded yet) is refunded to the customer's card through Square.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund $38.60' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason');
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer sees it)'), { target: { value: 'Customer asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund $38.60' }));
    expect(await screen.findByText('Order #3f2a9c1e cancelled')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Customer asked', restock: true }]);
    expect(screen.getByText('Cancelled', { selector: '.orders-state' })).toBeInTheDocument();
  });

  it('refunds by line after a review step, showing what remains and refusing more than that', async () => {
    const refunded = detail({ totals: { ...detail().totals, refundedCents: 1390, refundableCents: 2470 } });
    const { calls } = mockFetch({ [DETAIL]: { body: detail() }, [`POST /api/admin/orders/${ID}/refunds`]: { body: refunded } });
    renderTab(`/admin?tab=orders&order=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #3f2a9c1e' });
    expect(dialog).toHaveTextContent('Up to $38.60 can be refunded');

    await tapChoice(segmentNamed('What to refund'), 'Amount');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund ($)'), { target: { value: '40' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer sees it)'), { target: { value: 'Damaged tin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most $38.60 can be refunded');

    await tapChoice(segmentNamed('What to refund'), 'By line');
    fireEvent.change(within(dialog).getByLabelText('How many Dark Cocoa to refund'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByLabelText('Put the refunded items back in stock'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const review = await screen.findByRole('alertdialog', { name: 'Refund $13.90?' });
    expect(review).toHaveTextContent('The refunded items go back into stock.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(review).getByRole('button', { name: 'Refund $13.90' }));
    expect(await screen.findByText('Refund made for order #3f2a9c1e')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Damaged tin', restock: true, lines: [{ itemId: 11, quantity: 1 }] },
    ]);
    expect(screen.getByTestId('order-refundable')).toHaveTextContent('$24.70');
  });

  it("shows the server's refusal of a move and reloads the order", async () => {
    let answer = detail();
    mockFetch({
      [DETAIL]: async () => fakeResponse(200, answer),
      [`POST /api/admin/orders/${ID}/fulfilment`]: async () => {
        answer = detail({ fulfilmentStatus: 'cancelled' });
        return fakeResponse(409, { message: 'This order cannot be marked “Packed”: it is “Cancelled”.', code: 'ILLEGAL_FULFILMENT_MOVE' });
      },
    });
    renderTab(`/admin?tab=orders&order=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByText('This order cannot be marked “Packed”: it is “Cancelled”.')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled', { selector: '.orders-state' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark packed' })).toBeNull();
  });

  it('copies the address and prints the packing slip (items and quantities, no prices)', async () => {
    const shop = { ...DEMO_SHOP_IDENTITY, name: 'Ruth’s Mill Cocoa', addressLines: ['42 Mill Road', 'Peoria, IL 61602'], isSet: true };
    mockFetch({ [DETAIL]: { body: detail({ testMode: true }) }, 'GET /api/shop': { body: shop } });
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderTab(`/admin?tab=orders&order=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Ada Lovelace\n12 Analytical Way\nSpringfield, IL 62701\nUnited States');

    fireEvent.click(screen.getByRole('button', { name: 'Print packing slip' }));
    expect(print).toHaveBeenCalledTimes(1);
    const slip = screen.getByTestId('packing-slip');
    expect(slip.parentElement).toBe(document.body);
    expect(slip).toHaveTextContent('Order #3f2a9c1e');
    // from the shop the owner set, not the demo's
    expect(await within(slip).findByRole('heading', { level: 1, hidden: true, name: 'Ruth’s Mill Cocoa' })).toBeInTheDocument();
    expect(slip).toHaveTextContent('42 Mill Road · Peoria, IL 61602');
    expect(slip).toHaveTextContent('Dark Cocoa');
    expect(slip).toHaveTextContent('TEST ORDER: do not ship.');
    expect(slip).not.toHaveTextContent('$');
    print.mockRestore();
  });

  it('offers Retry on a refund Square never answered', async () => {
    const pending = detail({
      refunds: [
        {
          id: 'r-1',
          amountCents: 1200,
          reason: 'Wrong flavour',
          status: 'PENDING',
          squareRefundId: null,
          lines: null,
          restocked: false,
          createdBy: 'admin:owner',
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    const { calls } = mockFetch({ [DETAIL]: { body: pending }, [`POST /api/admin/orders/${ID}/refunds/r-1/retry`]: { body: detail() } });
    renderTab(`/admin?tab=orders&order=${ID}`);
    expect(await screen.findByText('$12.00 · No answer from Square yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/orders/${ID}/refunds/r-1/retry`)).toBe(true));
  });
});
