import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { clear } from 'idb-keyval';
import { dayIn, instantOf, PICKUP_MOVES, PICKUP_OPEN_STATES, type PickupQueueOrder, shopClock } from '@cocoa/shared-types';
import { persistable } from '../../../app/query-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeAudioContext } from '../../../test/fake-audio';
import { shownDialog } from '../../../test/ionic';
import { fakeResponse, testQueryClient, renderWithToasts } from '../../../test/render';
import { pickupQueueOrder } from '../test/pickup-orders';
import { useToastStore } from '../../../ui/toast-store';
import { useOwnerChanges } from '../shared/api/change-queue';
import { PICKUP_POLL_MS, pickupOrdersQueryOptions } from './api/pickup-orders';
import { useNewPickupOrders } from './new-pickup-orders';
import { PickupQueue } from './pickup-queue';

const ZONE = 'America/Chicago';
const TODAY = dayIn(new Date(), ZONE);
const ORDERS_URL = `/api/admin/pickup/orders?date=${TODAY}`;

/** Today at a wall-clock time in the shop's zone, as an ISO instant. */
function at(hour: number, minute: number): string {
  const [year, month, day] = TODAY.split('-').map(Number);
  return instantOf({ year, month, day, hour, minute }, ZONE).toISOString();
}

const order = (fields: Partial<PickupQueueOrder> & Pick<PickupQueueOrder, 'id' | 'code'>) => pickupQueueOrder({ slotStart: at(12, 15), ...fields });

const ANA = order({ id: 'o-ana', code: 'ABCD', status: 'placed', moves: ['accepted', 'cancelled'] });
const BEN = order({ id: 'o-ben', code: 'BX7K', name: 'Ben', items: [{ name: 'Hot Cocoa', quantity: 1 }] });
const CAL = order({ id: 'o-cal', code: 'C9QZ', name: 'Cal', slotStart: at(12, 30), status: 'ready' });
const DOT = order({ id: 'o-dot', code: 'D4MN', name: 'Dot', slotStart: at(11, 45), status: 'picked_up' });

/** A small stand-in for the pickup API: it keeps the orders, applies moves and delays, and records every call. */
function serveQueue(start: PickupQueueOrder[], options: { failList?: boolean } = {}) {
  let orders = start;
  const calls: Array<{ method: string; url: string; body: unknown; key?: string }> = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'] });
    if (method === 'GET' && url === ORDERS_URL)
      return options.failList ? fakeResponse(503, { message: 'The database is not answering.' }) : fakeResponse(200, orders);
    const move = /^\/api\/admin\/pickup\/orders\/([^/]+)\/move$/.exec(url);
    if (method === 'POST' && move) {
      const found = orders.find((o) => o.id === move[1]);
      if (!found) return fakeResponse(404, { message: 'Not Found' });
      if (!found.moves.includes(body.to))
        return fakeResponse(409, { message: `Order ${found.code} cannot move now: it is ${found.status}.`, code: 'ILLEGAL_PICKUP_MOVE' });
      const moved: PickupQueueOrder = { ...found, status: body.to, moves: [...PICKUP_MOVES[body.to as PickupQueueOrder['status']]] };
      orders = orders.map((o) => (o.id === moved.id ? moved : o));
      return fakeResponse(200, moved);
    }
    const delay = /^\/api\/admin\/stops\/(\d+)\/pickup-delay$/.exec(url);
    if (method === 'POST' && delay) {
      const open = (o: PickupQueueOrder) => o.stopId === Number(delay[1]) && PICKUP_OPEN_STATES.includes(o.status);
      const delayed = orders.filter(open).length;
      orders = orders.map((o) =>
        open(o)
          ? { ...o, delayMinutes: o.delayMinutes + body.minutes, pickupAt: new Date(new Date(o.pickupAt).getTime() + body.minutes * 60_000).toISOString() }
          : o,
      );
      return fakeResponse(200, { delayed, minutes: body.minutes });
    }
    return fakeResponse(404, { message: 'Not Found' });
  }) as unknown as typeof fetch;
  return {
    posts: () => calls.filter((c) => c.method === 'POST'),
    add: (next: PickupQueueOrder) => {
      orders = [...orders, next];
    },
    set: (next: PickupQueueOrder[]) => {
      orders = next;
    },
  };
}

function renderQueue(client = testQueryClient()) {
  renderWithToasts(<PickupQueue timeZone={ZONE} />, { client });
  return within(screen.getByRole('region', { name: 'Pickup orders' }));
}

/** A card by its code: the list item named by the code and the first name. */
const card = (code: string) => screen.getByRole('listitem', { name: new RegExp(`^${code} `) });
const clock = (iso: string) => shopClock(new Date(iso), ZONE);
const toastTitle = () => useToastStore.getState().current?.title;

/** The frequencies of the tones the fake Web Audio started. */
const tones: number[] = [];

let online = true;
beforeAll(() => {
  (window as { AudioContext?: unknown }).AudioContext = fakeAudioContext(tones);
});
afterAll(() => {
  delete (window as { AudioContext?: unknown }).AudioContext;
});
beforeEach(async () => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  tones.length = 0;
  await clear();
  useOwnerChanges.setState({ entries: [], hydrated: false });
  useNewPickupOrders.setState({ seen: null, fresh: [] });
  useToastStore.setState({ current: null });
});
afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('PickupQueue', () => {
  it('asks for new orders every 2 seconds, for today in the shop’s zone', () => {
    expect(PICKUP_POLL_MS).toBe(2_000);
    const options = pickupOrdersQueryOptions(ZONE);
    expect(options.refetchInterval).toBe(2_000);
    expect(options.queryKey).toEqual(['pickup-queue', TODAY]);
  });

  it('lists today’s orders by stop and pickup time (the shop’s clock), open ones first, the finished ones folded below', async () => {
    serveQueue([DOT, ANA, BEN, CAL]);
    const queue = renderQueue();
    expect(await queue.findByRole('heading', { level: 3, name: 'Millennium Park' })).toBeInTheDocument();
    const slots = queue.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(slots).toEqual([clock(at(12, 15)), clock(at(12, 30))]);
    expect(slots[0]).toMatch(/^12:15 PM/);

    const codesAt = (time: string) =>
      [
        ...queue
          .getByRole('heading', { level: 4, name: clock(time) })
          .closest('section')!
          .querySelectorAll('.pickup-card__code'),
      ].map((c) => c.textContent);
    expect(codesAt(at(12, 15))).toEqual(['ABCD', 'BX7K']);
    expect(codesAt(at(12, 30))).toEqual(['C9QZ']);

    // the code large, the first name only, the items with quantities, the state and one button per move
    const ana = within(card('ABCD'));
    expect(card('ABCD')).toHaveAccessibleName('ABCD Ana');
    expect(ana.queryByText(/Lopez/)).toBeNull();
    expect(card('ABCD')).toHaveTextContent('2 × Iced Mocha');
    expect(ana.getByText('Received')).toBeInTheDocument();
    expect(ana.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Cancel and refund']);
    expect(ana.getByRole('button', { name: 'Accept' })).toHaveClass('pickup-move');
    expect(
      within(card('BX7K'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start making', 'Mark ready', 'Cancel and refund']);
    expect(
      within(card('C9QZ'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Picked up', 'Not collected', 'Cancel and refund']);

    // picked up: below, folded, without buttons
    const finished = queue.getByText('Finished (1)').closest('details')!;
    expect(finished).not.toHaveAttribute('open');
    expect(within(finished).getByText('D4MN')).toBeInTheDocument();
    expect(within(card('D4MN')).queryByRole('button')).toBeNull();
    expect(within(card('D4MN')).getByText('Picked up')).toBeInTheDocument();
    finished.setAttribute('open', '');
    await expectNoAxeViolations(document.body);
  });

  it('says when there are no orders today', async () => {
    serveQueue([]);
    const queue = renderQueue();
    expect(await queue.findByText('No pickup orders today')).toBeInTheDocument();
  });

  it('says when the orders could not be loaded, with Try again', async () => {
    serveQueue([], { failList: true });
    const queue = renderQueue();
    const alert = await queue.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a move posts the state under an Idempotency-Key and shows the order as the server answers it', async () => {
    const api = serveQueue([ANA, BEN]);
    renderQueue();
    fireEvent.click(await within(await screen.findByRole('listitem', { name: /^BX7K / })).findByRole('button', { name: 'Start making' }));
    await waitFor(() =>
      expect(api.posts()).toEqual([{ method: 'POST', url: '/api/admin/pickup/orders/o-ben/move', body: { to: 'preparing' }, key: expect.any(String) }]),
    );
    expect(await within(card('BX7K')).findByText('Being made')).toBeInTheDocument();
    expect(
      within(card('BX7K'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark ready', 'Cancel and refund']);
    expect(toastTitle()).toBe('Order BX7K: Being made');
  });

  it('cancelling refunds, so it asks first, with an optional reason told to the customer', async () => {
    const api = serveQueue([ANA, BEN]);
    renderQueue();
    const cancel = await within(await screen.findByRole('listitem', { name: /^ABCD / })).findByRole('button', { name: 'Cancel and refund' });
    fireEvent.click(cancel);
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel order ABCD?' });
    expect(dialog).toHaveTextContent('Ana is refunded in full and told the order is cancelled.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.posts()).toEqual([]);

    fireEvent.click(within(card('ABCD')).getByRole('button', { name: 'Cancel and refund' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel order ABCD?' });
    await shownDialog(dialog);
    await expectNoAxeViolations(dialog);
    fireEvent.change(within(dialog).getByLabelText('Reason told to the customer (optional)'), { target: { value: ' Out of oat milk ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(api.posts().map((p) => p.body)).toEqual([{ to: 'cancelled', reason: 'Out of oat milk' }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('Finished (1)')).toBeInTheDocument();
    expect(toastTitle()).toBe('Order ABCD: Cancelled');
  });

  it('a move the server refuses (it moved meanwhile) is told, and the order shown as it now is', async () => {
    const api = serveQueue([BEN]);
    renderQueue();
    const ready = await within(await screen.findByRole('listitem', { name: /^BX7K / })).findByRole('button', { name: 'Mark ready' });
    // another tablet made it ready meanwhile
    api.set([{ ...BEN, status: 'ready', moves: [...PICKUP_MOVES.ready] }]);
    fireEvent.click(ready);
    await waitFor(() => expect(toastTitle()).toBe('Could not update the order'));
    expect(useToastStore.getState().current?.description).toBe('Order BX7K cannot move now: it is ready.');
    expect(await within(card('BX7K')).findByText('Ready')).toBeInTheDocument();
    expect(within(card('BX7K')).getByRole('button', { name: 'Picked up' })).toBeInTheDocument();
  });

  it('without signal a move waits on the tablet, shows as made, and is sent once when the signal is back', async () => {
    const api = serveQueue([BEN]);
    renderQueue();
    const ready = await within(await screen.findByRole('listitem', { name: /^BX7K / })).findByRole('button', { name: 'Mark ready' });
    online = false;
    fireEvent.click(ready);
    expect(await within(card('BX7K')).findByText('Saved on this tablet: sent when the signal is back')).toBeInTheDocument();
    expect(within(card('BX7K')).getByText('Ready')).toBeInTheDocument();
    expect(
      within(card('BX7K'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Picked up', 'Not collected', 'Cancel and refund']);
    expect(api.posts()).toEqual([]);
    const [entry] = useOwnerChanges.getState().entries;
    expect(entry).toMatchObject({ label: 'Pickup BX7K: Ready', status: 'waiting', change: { kind: 'pickup-move', orderId: 'o-ben', body: { to: 'ready' } } });
    expect(toastTitle()).toBe('Saved on this tablet');

    online = true;
    await act(() => useOwnerChanges.getState().flush());
    expect(api.posts()).toEqual([{ method: 'POST', url: '/api/admin/pickup/orders/o-ben/move', body: { to: 'ready' }, key: entry.id }]);
    expect(useOwnerChanges.getState().entries.map((e) => e.status)).toEqual(['sent']);
  });

  it('a new order is highlighted, beeped and announced until seen; the orders already there are not', async () => {
    const api = serveQueue([BEN]);
    const queue = renderQueue();
    expect(await queue.findByText('BX7K')).toBeInTheDocument();
    expect(tones).toEqual([]);
    expect(card('BX7K')).not.toHaveClass('is-new');

    api.add(order({ id: 'o-eve', code: 'EV3R', name: 'Eve', status: 'placed', slotStart: at(12, 30) }));
    const news = await queue.findByText(`New order EV3R for ${clock(at(12, 30))}`, undefined, { timeout: PICKUP_POLL_MS + 2_000 });
    expect(news.textContent).toMatch(/^New order EV3R for 12:30 PM/);
    expect(news.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
    expect(card('EV3R')).toHaveClass('is-new');
    expect(within(card('EV3R')).getByText('New')).toBeInTheDocument();
    expect(tones.length).toBeGreaterThan(0);
    expect(card('BX7K')).not.toHaveClass('is-new');
    await expectNoAxeViolations(document.body);

    fireEvent.click(queue.getByRole('button', { name: 'Seen' }));
    expect(queue.queryByText(/^New order/)).toBeNull();
    expect(card('EV3R')).not.toHaveClass('is-new');
  });

  it('delays a stop’s open orders after saying how many customers are told, then shows the count moved', async () => {
    const api = serveQueue([ANA, BEN, CAL, DOT]);
    const queue = renderQueue();
    const delays = within(await queue.findByRole('group', { name: 'Delay the orders at Millennium Park' }));
    expect(delays.getAllByRole('button').map((b) => b.textContent)).toEqual(['Delay 5 min', 'Delay 10 min', 'Delay 15 min']);
    fireEvent.click(delays.getByRole('button', { name: 'Delay 10 min' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delay by 10 minutes?' });
    expect(dialog).toHaveTextContent('3 open orders at Millennium Park move 10 minutes later. Each of the 3 customers is told.');
    await shownDialog(dialog);
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delay 10 min' }));
    await waitFor(() => expect(api.posts()).toEqual([{ method: 'POST', url: '/api/admin/stops/7/pickup-delay', body: { minutes: 10 }, key: undefined }]));
    expect(await queue.findByText('3 orders moved by 10 minutes; each customer was told.')).toBeInTheDocument();
    // asked again: the orders at their new times, each saying when it was ordered for
    expect(await queue.findByRole('heading', { level: 4, name: clock(at(12, 25)) })).toBeInTheDocument();
    expect(within(card('ABCD')).getByText(`10 min later than ordered (${clock(at(12, 15))})`)).toBeInTheDocument();
    expect(toastTitle()).toBe('Orders delayed');
  });

  it('keeps only what the queue needs on the device, and shows it after a restart without signal', async () => {
    serveQueue([ANA, DOT]);
    const client = testQueryClient();
    renderQueue(client);
    expect(await screen.findByText('ABCD')).toBeInTheDocument();
    const query = client.getQueryCache().find({ queryKey: ['pickup-queue', TODAY] })!;
    expect(persistable(query)).toBe(true);
    const kept = JSON.stringify(dehydrate(client, { shouldDehydrateQuery: persistable }));
    for (const personal of ['Lopez', 'ana@example.com', '555', '12.5', '1.9']) expect(kept).not.toContain(personal);
    expect(Object.keys((query.state.data as object[])[0]).sort()).toEqual(
      ['code', 'delayMinutes', 'firstName', 'id', 'items', 'moves', 'pickupAt', 'slotStart', 'status', 'stopId', 'stopName', 'testMode'].sort(),
    );

    // The app closed and opened again at the park: the kept copy, no signal.
    cleanup();
    const restarted = testQueryClient();
    hydrate(restarted, JSON.parse(kept));
    online = false;
    onlineManager.setOnline(false);
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const queue = renderQueue(restarted);
    expect(await queue.findByText('ABCD')).toBeInTheDocument();
    expect(await queue.findByText(/^No signal: the orders as of/)).toBeInTheDocument();
    expect(within(card('ABCD')).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(queue.getByRole('button', { name: 'Delay 5 min' })).toBeDisabled();
    await expectNoAxeViolations(document.body);
  });
});
