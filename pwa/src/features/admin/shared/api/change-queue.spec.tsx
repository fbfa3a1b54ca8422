import { act, screen, waitFor } from '@testing-library/react';
import { clear, get } from 'idb-keyval';
import { QUEUED } from '../../../../lib/outbox';
import { fakeResponse, renderWithProviders } from '../../../../test/render';
import { OwnerChanges } from '../owner-changes';
import { type OwnerChange, OWNER_CHANGES, ownerChangeLabel, sendOrQueue, useOwnerChanges } from './change-queue';

/** What reached the server: path, body and the Idempotency-Key header. */
const calls: Array<{ path: string; body: unknown; key: string | undefined }> = [];
let answers: Array<() => Promise<Response>> = [];
let online = true;

beforeEach(async () => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  calls.length = 0;
  answers = [];
  await clear();
  useOwnerChanges.setState({ entries: [], hydrated: false });
  global.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, key: headers['Idempotency-Key'] });
    const next = answers.shift();
    return next ? next() : fakeResponse(200, { ok: true });
  }) as unknown as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

const checkIn: OwnerChange = { kind: 'live-check-in', body: { stopId: 7 } };
const ship: OwnerChange = {
  kind: 'order-fulfilment',
  orderId: 'a1b2',
  orderNumber: '1042',
  body: { to: 'shipped', carrier: 'USPS', trackingNumber: '9400111899223197428490' },
};
const checkOut: OwnerChange = { kind: 'live-check-out' };
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the owner’s changes without signal', () => {
  it('with signal and nothing waiting, a change is sent at once under a new Idempotency-Key and its answer handed back', async () => {
    answers.push(async () => fakeResponse(200, { live: true }));
    await expect(sendOrQueue(checkIn, 'Check in at Millennium Park')).resolves.toEqual({ live: true });
    expect(calls).toEqual([{ path: '/api/admin/live/check-in', body: { stopId: 7 }, key: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
    expect(await get(OWNER_CHANGES)).toBeUndefined();
  });

  it('offline, changes are kept on the tablet in order; with signal they are replayed in that order, each under its own id', async () => {
    online = false;
    await expect(sendOrQueue(ship, 'Order #1042: Shipped')).resolves.toBe(QUEUED);
    await expect(sendOrQueue(checkIn, 'Check in at Millennium Park')).resolves.toBe(QUEUED);
    expect(calls).toEqual([]);
    const kept = useOwnerChanges.getState().entries;
    expect(kept.map((e) => [e.label, e.status])).toEqual([
      ['Order #1042: Shipped', 'waiting'],
      ['Check in at Millennium Park', 'waiting'],
    ]);
    expect(await get(OWNER_CHANGES)).toEqual(kept);

    // The signal is back but one still waits: a new change waits behind it (the server sees the owner's order).
    online = true;
    answers.push(networkDown);
    await expect(sendOrQueue(checkOut, 'Check out')).resolves.toBe(QUEUED);
    // Keeping it started a replay, which met no network at the first change and stopped there.
    await act(() => useOwnerChanges.getState().flush());
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/orders/a1b2/fulfilment']);
    expect(useOwnerChanges.getState().entries.map((e) => e.status)).toEqual(['waiting', 'waiting', 'waiting']);
    calls.length = 0;

    await act(() => useOwnerChanges.getState().flush());
    expect(calls).toEqual([
      { path: '/api/admin/orders/a1b2/fulfilment', body: ship.kind === 'order-fulfilment' ? ship.body : null, key: kept[0].id },
      { path: '/api/admin/live/check-in', body: { stopId: 7 }, key: kept[1].id },
      { path: '/api/admin/live/check-out', body: undefined, key: expect.any(String) },
    ]);
    expect(useOwnerChanges.getState().entries.map((e) => e.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a change whose request fails on the way is kept under the key it was sent with (if it arrived, the replay is answered as made)', async () => {
    answers.push(networkDown);
    await expect(sendOrQueue(ship, 'Order #1042: Shipped')).resolves.toBe(QUEUED);
    const [entry] = useOwnerChanges.getState().entries;
    expect(entry.id).toBe(calls[0].key);
    expect(entry.status).toBe('waiting');
  });

  it('a refusal while online is the owner’s to read at once: thrown, nothing kept', async () => {
    answers.push(async () => fakeResponse(409, { message: 'You are not checked in' }));
    await expect(sendOrQueue(checkOut, 'Check out')).rejects.toThrow('You are not checked in');
    expect(useOwnerChanges.getState().entries).toEqual([]);
  });

  it('a change the server refuses on replay stays listed with its message; the replay goes on with the next one', async () => {
    online = false;
    await sendOrQueue(ship, 'Order #1042: Shipped (9400111899223197428490)');
    await sendOrQueue(checkIn, 'Check in at Millennium Park');
    online = true;
    answers.push(async () => fakeResponse(409, { message: 'This order cannot be marked “Shipped”: it is “Cancelled”.', code: 'ILLEGAL_FULFILMENT_MOVE' }));
    renderWithProviders(<OwnerChanges />);
    await act(() => useOwnerChanges.getState().flush());
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/orders/a1b2/fulfilment', '/api/admin/live/check-in']);
    expect(await screen.findByText('Not sent: This order cannot be marked “Shipped”: it is “Cancelled”.')).toBeVisible();
    expect(screen.getByText('Order #1042: Shipped (9400111899223197428490)')).toBeVisible();
    // The one that was made leaves the list; the refused one stays until dismissed.
    expect(screen.queryByText('Check in at Millennium Park')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    await waitFor(() => expect(screen.queryByText(/^Not sent/)).toBeNull());
    expect(await get(OWNER_CHANGES)).toEqual([]);
  });

  it("says 'offline: N changes waiting' and lists what waits", async () => {
    online = false;
    await sendOrQueue(ship, 'Order #1042: Shipped');
    await sendOrQueue(checkIn, 'Check in at Millennium Park');
    renderWithProviders(<OwnerChanges />);
    expect(await screen.findByRole('status')).toHaveTextContent('offline: 2 changes waiting');
    const list = screen.getByRole('region', { name: 'Changes saved on this tablet' });
    expect(list).toHaveTextContent('Order #1042: Shipped');
    expect(list).toHaveTextContent('Check in at Millennium Park');
  });

  it('names each change as the owner made it', () => {
    expect(ownerChangeLabel(ship)).toBe('Order #1042: Shipped (9400111899223197428490)');
    expect(ownerChangeLabel({ kind: 'order-fulfilment', orderId: 'x', orderNumber: '7', body: { to: 'packed' } })).toBe('Order #7: Packed');
    expect(ownerChangeLabel(checkIn, 'Millennium Park')).toBe('Check in at Millennium Park');
    expect(ownerChangeLabel({ kind: 'live-check-in', body: { place: { label: 'Willis Tower plaza', latitude: 41.88, longitude: -87.63 } } })).toBe(
      'Check in at Willis Tower plaza',
    );
    expect(ownerChangeLabel({ kind: 'live-status', body: { status: 'late', minutes: 15 } })).toBe('Running 15 minutes late');
    expect(ownerChangeLabel({ kind: 'live-status', body: { status: 'sold-out', product: ' Iced Mocha ' } })).toBe('Sold out of Iced Mocha');
    expect(ownerChangeLabel(checkOut)).toBe('Check out');
    expect(ownerChangeLabel({ kind: 'pickup-move', orderId: 'x', code: 'ABCD', body: { to: 'ready' } })).toBe('Pickup ABCD: Ready');
  });
});
