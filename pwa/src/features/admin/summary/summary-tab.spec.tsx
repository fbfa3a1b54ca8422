import { screen, waitFor, within } from '@testing-library/react';
import { SUMMARY_CHART_DAYS, type Summary } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { SummaryTab } from './summary-tab';
import { scheduledStop } from '../../../test/fixtures';

/** 30 days ending Thursday 2 April 2026, with sales on three of them. */
function days(): Summary['dailyRevenue'] {
  return Array.from({ length: SUMMARY_CHART_DAYS }, (_, i) => {
    const date = new Date(Date.UTC(2026, 2, 4 + i));
    const day = date.toISOString().slice(0, 10);
    const sales: Record<string, [number, number]> = { '2026-03-04': [1, 700], '2026-03-30': [1, 3000], '2026-04-02': [2, 2000] };
    const [orders, revenueCents] = sales[day] ?? [0, 0];
    return { day, orders, revenueCents };
  });
}

const SUMMARY: Summary = {
  generatedAt: '2026-04-02T14:00:00.000Z',
  timeZone: 'America/Chicago',
  weekStartsOn: 'Monday',
  periods: {
    today: {
      from: '2026-04-02T05:00:00.000Z',
      real: { orders: 2, revenueCents: 2000, averageCents: 1000 },
      test: { orders: 1, revenueCents: 700, averageCents: 700 },
    },
    week: {
      from: '2026-03-30T05:00:00.000Z',
      real: { orders: 5, revenueCents: 7500, averageCents: 1500 },
      test: { orders: 2, revenueCents: 1000, averageCents: 500 },
    },
    month: { from: '2026-04-01T05:00:00.000Z', real: { orders: 0, revenueCents: 0, averageCents: 0 }, test: { orders: 0, revenueCents: 0, averageCents: 0 } },
  },
  topProducts: {
    byQuantity: [
      { productId: null, name: 'Retired Blend', quantity: 5, revenueCents: 250 },
      { productId: 7, name: 'Dark Hot Cocoa', quantity: 3, revenueCents: 900 },
    ],
    byRevenue: [
      { productId: 7, name: 'Dark Hot Cocoa', quantity: 3, revenueCents: 900 },
      { productId: null, name: 'Retired Blend', quantity: 5, revenueCents: 250 },
    ],
  },
  waitingToShip: { orders: 4, testOrders: 1, oldestAt: '2026-03-31T15:00:00.000Z' },
  dailyRevenue: days(),
  unreadMessages: 3,
  lowStock: [
    { id: 9, name: 'Mint Shake Mix', slug: 'mint-shake-mix', stockCount: 0, lowStockThreshold: null },
    { id: 7, name: 'Dark Hot Cocoa', slug: 'dark-hot-cocoa', stockCount: 2, lowStockThreshold: 5 },
  ],
  nextStops: [scheduledStop({ id: 11, location: 'Pioneer Square', address: '1 Main St', date: '2026-04-04T17:00:00.000Z', timeZone: 'America/Chicago' })],
};

describe('SummaryTab', () => {
  it('shows today, this week and this month with test orders on a line of their own', async () => {
    mockFetch({ 'GET /api/admin/summary': { body: SUMMARY } });
    renderWithProviders(<SummaryTab />);
    const today = await screen.findByRole('article', { name: 'Today' });
    const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(figure(today, 'Orders')).toBe('2');
    expect(figure(today, 'Revenue')).toBe('$20.00');
    expect(figure(today, 'Average order')).toBe('$10.00');
    expect(today).toHaveTextContent('Test orders not included: 1 order, $7.00');

    const week = screen.getByRole('article', { name: 'This week' });
    expect([figure(week, 'Orders'), figure(week, 'Revenue'), figure(week, 'Average order')]).toEqual(['5', '$75.00', '$15.00']);
    expect(week).toHaveTextContent('Test orders not included: 2 orders, $10.00');
    // No orders: no average to show.
    const month = screen.getByRole('article', { name: 'This month' });
    expect([figure(month, 'Orders'), figure(month, 'Revenue'), figure(month, 'Average order')]).toEqual(['0', '$0.00', '–']);

    expect(screen.getByText(/America\/Chicago time; weeks start on Monday/)).toBeInTheDocument();
  });

  it('gives the chart’s figures as text and as a table for screen readers', async () => {
    mockFetch({ 'GET /api/admin/summary': { body: SUMMARY } });
    renderWithProviders(<SummaryTab />);
    const section = await screen.findByRole('region', { name: 'Revenue, last 30 days' });
    expect(section).toHaveTextContent('$57.00 from 4 orders between Mar 4 and Apr 2; best day Mar 30 with $30.00.');
    const table = within(section).getByRole('table', { name: 'Revenue per day, last 30 days (real orders only)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(SUMMARY_CHART_DAYS + 1);
    expect(within(table).getByRole('rowheader', { name: 'Monday, March 30' }).parentElement).toHaveTextContent('Monday, March 301$30.00');
    expect(rows[SUMMARY_CHART_DAYS]).toHaveTextContent('Thursday, April 22$20.00');
    // The drawing (recharts, loaded on demand) is hidden from screen readers: the text and the table say what it shows.
    expect(section.querySelector('.summary-chart')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(section.querySelector('.summary-chart .recharts-wrapper')).not.toBeNull());
  });

  it('shows what needs doing, with links to the Orders and Inbox tabs', async () => {
    mockFetch({ 'GET /api/admin/summary': { body: SUMMARY } });
    renderWithProviders(<SummaryTab />);
    const ship = await screen.findByRole('region', { name: 'Waiting to ship' });
    expect(ship).toHaveTextContent('4 orders');
    expect(ship).toHaveTextContent('Test orders waiting, not counted: 1.');
    expect(within(ship).getByRole('link', { name: 'Open Orders' })).toHaveAttribute('href', '/admin?tab=orders');
    const inbox = screen.getByRole('region', { name: 'Unread messages' });
    expect(inbox).toHaveTextContent('3');
    expect(within(inbox).getByRole('link', { name: 'Open Inbox' })).toHaveAttribute('href', '/admin?tab=inbox');
    const stock = screen.getByRole('region', { name: 'Low stock' });
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mint Shake MixOut of stock', 'Dark Hot Cocoa2 left (low at 5)']);
    const stops = screen.getByRole('region', { name: 'Next stops' });
    expect(stops).toHaveTextContent('Farmers Market');
    expect(stops).toHaveTextContent('Apr 04, 2026');
    expect(stops).toHaveTextContent('Pioneer Square');
    const top = screen.getByRole('region', { name: 'Best sellers this month' });
    expect(
      within(within(top).getByRole('list', { name: 'By quantity' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Retired Blend5 sold', 'Dark Hot Cocoa3 sold']);
    expect(
      within(within(top).getByRole('list', { name: 'By revenue' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dark Hot Cocoa$9.00', 'Retired Blend$2.50']);
  });

  it('says so when there is nothing to show', async () => {
    const quiet: Summary = {
      ...SUMMARY,
      topProducts: { byQuantity: [], byRevenue: [] },
      waitingToShip: { orders: 0, testOrders: 0, oldestAt: null },
      lowStock: [],
      nextStops: [],
      dailyRevenue: days().map((d) => ({ ...d, orders: 0, revenueCents: 0 })),
    };
    mockFetch({ 'GET /api/admin/summary': { body: quiet } });
    renderWithProviders(<SummaryTab />);
    expect(await screen.findByText('No sales yet this month.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.getByText('No stops scheduled.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Revenue, last 30 days' })).toHaveTextContent('$0.00 from 0 orders between Mar 4 and Apr 2.');
  });

  it('shows a loading state, then the failure with Try Again', async () => {
    mockFetch({ 'GET /api/admin/summary': { status: 500, body: { message: 'Database unavailable' } } });
    renderWithProviders(<SummaryTab />);
    expect(screen.getByRole('status', { name: 'Loading the summary' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load the summary.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
