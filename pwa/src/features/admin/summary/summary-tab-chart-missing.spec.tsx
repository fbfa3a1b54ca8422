import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { quietSummary } from '../test/summary';
import { SummaryTab } from './summary-tab';

// The chart's chunk is not precached: opened offline before it was ever loaded, its import fails.
jest.mock('./revenue-chart', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const SUMMARY = quietSummary({
  dailyRevenue: [
    { day: '2026-04-01', orders: 1, revenueCents: 1250 },
    { day: '2026-04-02', orders: 0, revenueCents: 0 },
  ],
});

it('keeps the summary, its figures and the table when the chart cannot be loaded', async () => {
  mockFetch({ 'GET /api/admin/summary': { body: SUMMARY } });
  renderWithProviders(<SummaryTab />);
  expect(await screen.findByText('The chart could not be loaded; the figures are above.')).toBeInTheDocument();
  expect(screen.getByText('$12.50 from 1 order between Apr 1 and Apr 2; best day Apr 1 with $12.50.')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Revenue per day, last 2 days (real orders only)' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Orders and revenue' })).toBeInTheDocument();
});
