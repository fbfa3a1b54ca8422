/**
 * The server's first screens (SSR entry, built by `vite build --ssr` into dist-server/ as one
 * CommonJS file with everything it imports; the API loads it at start, api/src/static-shell.ts).
 * A public route's page is rendered with react-dom/server from the app's own components, at that
 * URL, from a query cache seeded with the page's answers under the same keys the app's first render
 * seeds from the page's data block (seedFirstScreen): both render the same markup, so the server's
 * HTML cannot drift from the app and nothing moves when the app takes over.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_ROUTES, type FirstScreenData, type FirstScreenPage } from '@cocoa/shared-types';
import { seedFirstScreen } from '../app/first-screen-data';
import ProductDetailPage from '../features/catalogue/pages/product-detail-page';
import ProductsPage from '../features/catalogue/pages/products-page';
import EventsPage from '../features/events/pages/events-page';
import HomePage from '../features/content/pages/home-page';
import CocoaTrackerPage from '../features/tracker/pages/cocoa-tracker-page';
import { asViewerIn } from '../lib/viewer-clock';

/** Each page and the route pattern the app's router declares it under (its params: the product's slug). */
const PAGES: Record<FirstScreenPage, { path: string; Page: ComponentType }> = {
  home: { path: APP_ROUTES.home, Page: HomePage },
  products: { path: APP_ROUTES.products, Page: ProductsPage },
  product: { path: APP_ROUTES.product, Page: ProductDetailPage },
  tracker: { path: APP_ROUTES.tracker, Page: CocoaTrackerPage },
  events: { path: APP_ROUTES.events, Page: EventsPage },
};

/**
 * The page's markup at `url` (path and query, as requested) from `data`. Synchronous: nothing is
 * fetched; a query without seeded data renders as the app's first render shows it (pending).
 */
export function renderFirstScreen(url: string, data: FirstScreenData): string {
  // As the app's (query-client.ts) where it shows: data never stale, no retries; no garbage-collection timers on the server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false, networkMode: 'offlineFirst' } } });
  seedFirstScreen(client, data);
  const { path, Page } = PAGES[data.page];
  const render = () =>
    renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path={path} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  try {
    // The stops' days and times as a visitor in the shop's zone reads them (never the server's zone).
    return 'timeZone' in data ? asViewerIn(data.timeZone, render) : render();
  } finally {
    client.clear();
  }
}
