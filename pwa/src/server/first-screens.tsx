/**
 * The server's first screens (SSR entry, built by `vite build --ssr` into dist-server/ as one
 * CommonJS file with everything it imports; the API loads it at start, api/src/static-shell.ts).
 * At a public route the app is rendered with react-dom/server from its own components (its frame,
 * with that page's route), at that URL, from a query cache seeded with the page's answers under the
 * same keys the app's first render seeds from the page's data block (seedFirstScreen): both render
 * the same markup, so the server's HTML cannot drift from the app, and the app hydrates it
 * (start.tsx) rather than building it again. What only a browser knows (the visitor's zone, screen
 * width, cart, sign-in) renders here as the app's hydration renders it (their server snapshots)
 * and changes after.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import { AppFrame, ROUTER_FUTURE, Shell } from '../app/app';
import { page } from '../app/router';
import { QueryClient } from '@tanstack/react-query';
import { APP_ROUTES, FIRST_SCREENS, type FirstScreenData, type FirstScreenPage } from '@cocoa/shared-types';
import { seedFirstScreen } from '../app/first-screen-data';
import ProductDetailPage from '../features/catalogue/pages/product-detail-page';
import ProductsPage from '../features/catalogue/pages/products-page';
import EventsPage from '../features/events/pages/events-page';
import HomePage from '../features/content/pages/home-page';
import StopPage from '../features/order-ahead/pages/stop-page';
import CocoaTrackerPage from '../features/tracker/pages/cocoa-tracker-page';
import { asViewerIn } from '../lib/viewer-clock';

/**
 * Each page's component, imported here rather than loaded as the app loads it (FIRST_SCREEN_PAGES):
 * the render is synchronous. Its route pattern is the one the app's router declares it under
 * (shared-types' FIRST_SCREENS; its params: the product's slug, the stop's id).
 */
const PAGES: Record<FirstScreenPage, ComponentType> = {
  home: HomePage,
  products: ProductsPage,
  product: ProductDetailPage,
  tracker: CocoaTrackerPage,
  events: EventsPage,
  stop: StopPage,
};

/**
 * The app's markup at `url` (path and query, as requested) from `data`: the content of its root
 * element. Synchronous: nothing is fetched; a query without seeded data renders as the app's first
 * render shows it (pending).
 */
export function renderFirstScreen(url: string, data: FirstScreenData): string {
  // As the app's (query-client.ts) where it shows: data never stale, no retries; no garbage-collection timers on the server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false, networkMode: 'offlineFirst' } } });
  seedFirstScreen(client, data);
  const Page = PAGES[data.page];
  const path = APP_ROUTES[FIRST_SCREENS[data.page].route];
  const render = () =>
    renderToString(
      <AppFrame queryClient={client}>
        <StaticRouter location={url} future={ROUTER_FUTURE}>
          {/* The page's route alone, inside the same Suspense boundary as the router's table (router.tsx's page()). */}
          <Shell
            routes={
              <Routes>
                <Route path={path} element={page(<Page />)} />
              </Routes>
            }
          />
        </StaticRouter>
      </AppFrame>,
    );
  try {
    // The stops' days and times as a visitor in the shop's zone reads them (never the server's zone).
    return 'timeZone' in data ? asViewerIn(data.timeZone, render) : render();
  } finally {
    client.clear();
  }
}
