/**
 * The app hydrates the server's first screens (start.tsx): the markup renderFirstScreen makes must
 * be exactly the app's first render in the browser, from the same data block, or React renders the
 * part that differs anew (the work hydration saves a phone) and says so. Here the server's markup is
 * put in the page as the API sends it, and the app hydrates it as it does in the browser.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Category, FirstScreenData } from '@cocoa/shared-types';
import { App } from '../app/app';
import { seedFirstScreen } from '../app/first-screen-data';
import { preloadLandingPage } from '../app/router';
import { hydrateAsViewerIn } from '../lib/viewer-clock';
import { availabilityFrom, bookingPackages, categories, chicagoStop, liveState, mapConfig, product, products, stopPickup } from '../test/fixtures';
import { mockFetch, testQueryClient } from '../test/render';
import { renderFirstScreen } from './first-screens';

// Leaflet and react-leaflet ship ES modules only; the map is never in a first screen (it loads once scrolled to).
jest.mock('../features/tracker/components/tracker-map', () => ({ __esModule: true, default: () => <div data-testid="tracker-map" /> }));

// The shop is in Chicago; the visitor's browser is in this test run's zone (UTC, Auckland: npm test runs both).
const ZONE = 'America/Chicago';
const NOW = new Date();
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(NOW);

const stops = [
  // Takes orders ahead: its 'Order ahead' link hydrates too.
  { ...chicagoStop(1, 'Farmers Market', 'Daley Plaza', `${TODAY}T17:00:00.000Z`, '09:00', '23:45'), takesOrders: true },
  chicagoStop(2, 'Late Lights', 'Wrigley Field Gate', `${TODAY}T17:00:00.000Z`, '22:00', '23:50'),
];
const eventCategories: Category[] = [{ id: 3, name: 'Shakes', slug: 'shakes', description: 'Thick and cold', imageUrl: null }];

const PAGES: Array<[string, FirstScreenData]> = [
  ['/', { page: 'home', featured: products.slice(0, 2), categories, testimonials: [{ id: 1, name: 'Sarah M.', content: 'Best cocoa in town.', rating: 5 }] }],
  ['/products', { page: 'products', products, categories }],
  ['/products?category=iced-cocoa', { page: 'products', products, categories }],
  [
    '/products/salted-caramel-cocoa',
    { page: 'product', product: product({ id: 7, name: 'Salted Caramel Cocoa', slug: 'salted-caramel-cocoa', categoryId: 2 }), categories },
  ],
  [
    '/cocoa-tracker',
    {
      page: 'tracker',
      timeZone: ZONE,
      today: TODAY,
      fetchedAt: NOW.toISOString(),
      live: liveState(NOW.toISOString()),
      monthEvents: stops,
      events: stops,
      mapConfig,
    },
  ],
  [
    '/events',
    {
      page: 'events',
      timeZone: ZONE,
      today: TODAY,
      fetchedAt: NOW.toISOString(),
      live: liveState(NOW.toISOString()),
      categories: eventCategories,
      upcoming: stops,
      packages: bookingPackages,
      availability: availabilityFrom(TODAY),
    },
  ],
  // Serving there now: its first time is "as soon as possible".
  ['/stops/12', { page: 'stop', ...stopPickup({ asap: { slotStart: '2026-11-22T16:00:00.000Z', estimate: '2026-11-22T16:05:00.000Z' } }) }],
];

/**
 * The server's markup of `url` in a root, then the app hydrating it; what React had to render anew.
 * `codeTakesMs`: how long after the data block is seeded the app takes over (its code on the way).
 */
async function hydrate(url: string, data: FirstScreenData, tamper: (html: string) => string = (html) => html, codeTakesMs = 0) {
  window.history.replaceState(null, '', url);
  const root = document.createElement('div');
  root.innerHTML = tamper(renderFirstScreen(url, data));
  document.body.append(root);
  const heading = root.querySelector('h1');
  // As start.tsx does: the data block seeded, the page's chunk in, the server's zone for the hydration.
  const client = testQueryClient();
  seedFirstScreen(client, data);
  if ('timeZone' in data) hydrateAsViewerIn(data.timeZone);
  await preloadLandingPage(url.split('?')[0], client, false);
  const seededAt = Date.now();
  const later = codeTakesMs > 0 ? jest.spyOn(Date, 'now').mockImplementation(() => seededAt + codeTakesMs) : null;
  const renderedAnew: unknown[] = [];
  let shown = false;
  try {
    await act(async () => {
      hydrateRoot(root, <App queryClient={client} onPageShown={() => (shown = true)} />, { onRecoverableError: (error) => renderedAnew.push(error) });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  } finally {
    later?.mockRestore();
  }
  return { root, heading, renderedAnew, shown };
}

describe("the app takes over the server's first screens as they are (hydration)", () => {
  beforeEach(() => mockFetch({}));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each(PAGES)('%s: nothing rendered anew, the same elements, the page shown', async (url, data) => {
    const { root, heading, renderedAnew, shown } = await hydrate(url, data);
    expect(renderedAnew).toEqual([]);
    expect(shown).toBe(true);
    expect(heading).not.toBeNull();
    expect(root.querySelector('h1')).toBe(heading);
  });

  it("/events: the forms are disabled in the server's markup (typed there, a value would be reset as the app takes over) and enabled once hydrated", async () => {
    const [url, data] = PAGES.find(([path]) => path === '/events')!;
    const fields = (root: ParentNode) => [...root.querySelectorAll<HTMLFieldSetElement>('form > fieldset.form-fields')];
    const painted = document.createElement('div');
    painted.innerHTML = renderFirstScreen(url, data);
    expect(
      fields(painted).map((f) => [f.closest('form')?.getAttribute('aria-label') ?? f.closest('form')?.getAttribute('aria-labelledby'), f.disabled]),
    ).toEqual([
      ['Booking request', true],
      ['inquiry-title', true],
    ]);
    const { root, renderedAnew } = await hydrate(url, data);
    expect(renderedAnew).toEqual([]);
    expect(fields(root).map((f) => f.disabled)).toEqual([false, false]);
  });

  it('/stops/12: the app takes the stop over from its data block without asking for it again, and its order form works', async () => {
    const [url, data] = PAGES.find(([path]) => path === '/stops/12')!;
    const { calls } = mockFetch({});
    const { root, renderedAnew } = await hydrate(url, data);
    expect(renderedAnew).toEqual([]);
    expect(calls.filter((call) => call.url.startsWith('/api/stops/'))).toEqual([]);
    const subtotal = () => root.querySelector('[data-testid="pickup-subtotal"]')?.textContent;
    expect(subtotal()).toBe('$0.00');
    await act(async () => root.querySelector<HTMLButtonElement>('button[aria-label="Add Classic Hot Cocoa"]')?.click());
    expect(subtotal()).toBe('$4.50');
    expect(root.querySelector<HTMLInputElement>('input[name="pickup-slot"]:checked')?.value).toBe('2026-11-22T16:00:00.000Z');
  });

  it('/stops/12: an answer the server painted long before the app could take over is asked again as it does (places go as orders come)', async () => {
    const [url, data] = PAGES.find(([path]) => path === '/stops/12')!;
    const { page: _page, ...answer } = data as Extract<FirstScreenData, { page: 'stop' }>;
    const { calls } = mockFetch({ 'GET /api/stops/12/pickup': { body: answer } });
    const { renderedAnew } = await hydrate(url, data, undefined, 60_000);
    expect(renderedAnew).toEqual([]);
    expect(calls.filter((call) => call.url.startsWith('/api/stops/')).map((call) => call.url)).toEqual(['/api/stops/12/pickup']);
  });

  it("markup that differs from the app's first render is rendered anew, and said (so the test above can fail)", async () => {
    const [url, data] = PAGES[1];
    const { root, heading, renderedAnew } = await hydrate(url, data, (html) => html.replace('<h1>Our Products</h1>', '<h1>Our Old Products</h1>'));
    expect(renderedAnew).not.toEqual([]);
    expect(root.querySelector('h1')?.textContent).toBe('Our Products');
    expect(root.querySelector('h1')).not.toBe(heading);
  });
});
