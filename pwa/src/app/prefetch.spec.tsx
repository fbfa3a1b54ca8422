import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CATALOGUE_FIRST_SCREEN_DATA_ID } from '@cocoa/shared-types';
import { categories, products } from '../test/fixtures';
import { mockFetch, testQueryClient } from '../test/render';
import { prefetchForLanding } from './prefetch';
import { AppRoutes } from './router';

function renderRoute(client: ReturnType<typeof testQueryClient>, route: string) {
  // a synchronous act: nothing that waits for a promise (a lazy chunk) can finish inside it
  act(() => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

describe('landing on a page the server paints a first screen for (the catalogue block is in the page)', () => {
  beforeEach(() => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CATALOGUE_FIRST_SCREEN_DATA_ID;
    block.textContent = JSON.stringify({ products, categories });
    document.body.append(block);
  });
  afterEach(() => document.getElementById(CATALOGUE_FIRST_SCREEN_DATA_ID)?.remove());

  it('renders the list in the first render: no page spinner, no placeholders, no catalogue call', async () => {
    const { calls } = mockFetch({});
    const client = testQueryClient();
    await prefetchForLanding(client, '/products');
    renderRoute(client, '/products');
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Loading products')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hot Cocoa' })).toBeInTheDocument();
    expect(screen.getByText('Peppermint Cocoa')).toBeInTheDocument();
    expect(screen.getByText('Price unavailable')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/square/catalog'))).toEqual([]);
  });

  it('the tracker, whose heading the server paints too, is also on screen in the first render', async () => {
    mockFetch({});
    const client = testQueryClient();
    await prefetchForLanding(client, '/cocoa-tracker');
    renderRoute(client, '/cocoa-tracker');
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeInTheDocument();
    // the catalogue block is only read on /products
    expect(client.getQueryData(['catalog', 'products'])).toBeUndefined();
  });

  it('other landing pages leave the block and the cache alone', async () => {
    const client = testQueryClient();
    await prefetchForLanding(client, '/products/classic-hot-cocoa');
    await prefetchForLanding(client, '/');
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
