import { dehydrate, hydrate } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREENS, type ScheduledEvent } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions, categoriesQueryOptions, featuredProductsQueryOptions, productsQueryOptions } from '../features/catalogue';
import { featuredTestimonialsQueryOptions } from '../features/catalogue/api/testimonials';
import { eventsQueryOptions } from '../features/events';
import { upcomingEventsQueryOptions } from '../features/events/api/upcoming-events';
import { availabilityQueryOptions, bookingPackagesQueryOptions } from '../features/bookings';
import { liveQueryKey } from '../features/live';
import { mapConfigQueryOptions } from '../features/tracker/api/map-config';
import { monthEventsQueryOptions } from '../features/tracker/api/month-events';
import { stopPickupQueryOptions } from '../features/order-ahead/api/stop-pickup';
import { availabilityFrom, bookingPackages, categories, liveState, mapConfig, product, products, stopPickup } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { seedFirstScreenFromPage } from './first-screen-data';
import { FIRST_SCREEN_PAGES, type FirstScreenPagesTable } from './first-screen-pages';

describe('FIRST_SCREEN_PAGES', () => {
  it('has a page module and a seeder for every first screen; a table missing one does not type-check', () => {
    expect(Object.keys(FIRST_SCREEN_PAGES).sort()).toEqual(Object.keys(FIRST_SCREENS).sort());
    const withoutEvents: Omit<FirstScreenPagesTable, 'events'> = FIRST_SCREEN_PAGES;
    // @ts-expect-error a table without the events page is not a FirstScreenPagesTable (tsc checks this line)
    const incomplete: FirstScreenPagesTable = withoutEvents;
    expect(incomplete).toBe(FIRST_SCREEN_PAGES);
  });
});

/** The data block as the API writes it: JSON with every `<` escaped. */
function addDataBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = text;
  document.body.append(block);
}
const asTheApiWritesIt = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** The fixtures as they come over the wire (a price that is not a number arrives as null). */
const onTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const stop = {
  id: 1,
  title: 'Farmers Market',
  location: 'Daley Plaza',
  date: '2026-06-10T17:00:00.000Z',
  timeZone: 'America/Chicago',
  startTime: '09:00',
  endTime: '13:00',
} as unknown as ScheduledEvent;

describe('seedFirstScreenFromPage', () => {
  afterEach(() => document.getElementById(FIRST_SCREEN_DATA_ID)?.remove());

  it('/products: the inlined catalogue as the answers of the two catalogue calls', () => {
    const tricky = product({ id: 9, name: 'Fudge </script> & <b>Friends</b>' });
    addDataBlock(asTheApiWritesIt({ page: 'products', products: [...products, tricky], categories }));
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'products')).not.toBeNull();
    expect(client.getQueryData(productsQueryOptions.queryKey)).toEqual(onTheWire([...products, tricky]));
    expect(client.getQueryData(catalogCategoriesQueryOptions.queryKey)).toEqual(categories);
  });

  it('the home page: the featured products, the categories and the featured testimonials', () => {
    const testimonials = [{ id: 1, name: 'Sarah M.', content: 'Lovely </script>', rating: 5 }];
    addDataBlock(asTheApiWritesIt({ page: 'home', featured: products, categories, testimonials }));
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'home')).not.toBeNull();
    expect(client.getQueryData(featuredProductsQueryOptions.queryKey)).toEqual(onTheWire(products));
    expect(client.getQueryData(categoriesQueryOptions.queryKey)).toEqual(categories);
    expect(client.getQueryData(featuredTestimonialsQueryOptions.queryKey)).toEqual(testimonials);
  });

  it('a product page: the product under its slug, and the categories', () => {
    const cocoa = product({ id: 5, name: 'Salted Caramel Cocoa' });
    addDataBlock(asTheApiWritesIt({ page: 'product', product: cocoa, categories }));
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'product')).not.toBeNull();
    expect(client.getQueryData(['catalog', 'product', 'salted-caramel-cocoa'])).toEqual(cocoa);
    expect(client.getQueryData(catalogCategoriesQueryOptions.queryKey)).toEqual(categories);
  });

  it("the tracker: the shop's month (with when the server read it), GET /api/events, the cart now and the map's tiles; the events page: its next stops, categories, the cart now and the booking form's packages and open days", () => {
    const live = liveState('2026-06-10T14:00:00.000Z');
    addDataBlock(
      asTheApiWritesIt({
        page: 'tracker',
        timeZone: 'America/Chicago',
        today: '2026-06-10',
        fetchedAt: '2026-06-10T15:00:00.000Z',
        live,
        monthEvents: [stop],
        events: [stop],
        mapConfig,
      }),
    );
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'tracker')).not.toBeNull();
    expect(client.getQueryData(monthEventsQueryOptions('2026-06').queryKey)).toEqual({ events: [stop], fetchedAt: '2026-06-10T15:00:00.000Z' });
    expect(client.getQueryData(eventsQueryOptions.queryKey)).toEqual([stop]);
    // heard when the server read it
    expect(client.getQueryData(liveQueryKey)).toEqual({ state: live, heardAt: '2026-06-10T15:00:00.000Z' });
    expect(client.getQueryData(mapConfigQueryOptions.queryKey)).toEqual(mapConfig);

    const availability = availabilityFrom('2026-06-10');
    document.getElementById(FIRST_SCREEN_DATA_ID)!.textContent = JSON.stringify({
      page: 'events',
      timeZone: 'America/Chicago',
      today: '2026-06-10',
      fetchedAt: '2026-06-10T15:00:00.000Z',
      live,
      categories,
      upcoming: [stop],
      packages: bookingPackages,
      availability,
    });
    const events = testQueryClient();
    expect(seedFirstScreenFromPage(events, 'events')).not.toBeNull();
    expect(events.getQueryData(upcomingEventsQueryOptions('2026-06-10').queryKey)).toEqual([stop]);
    expect(events.getQueryData(categoriesQueryOptions.queryKey)).toEqual(categories);
    expect(events.getQueryData(liveQueryKey)).toEqual({ state: live, heardAt: '2026-06-10T15:00:00.000Z' });
    expect(events.getQueryData(bookingPackagesQueryOptions.queryKey)).toEqual(bookingPackages);
    // the shop's month
    expect(events.getQueryData(availabilityQueryOptions('2026-06').queryKey)).toEqual(availability);
  });

  it("a stop's page: GET /api/stops/{id}/pickup under the stop's id, as its page asks for it", () => {
    const answer = stopPickup({ menu: [{ ...stopPickup().menu[0], name: 'Fudge </script> Cocoa' }] });
    addDataBlock(asTheApiWritesIt({ page: 'stop', ...answer }));
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'stop')).not.toBeNull();
    expect(client.getQueryData(stopPickupQueryOptions('12').queryKey)).toEqual(answer);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['stops', '12', 'pickup']]);
  });

  it('leaves the cache alone without a block (the service worker shell), with an unreadable one, or one of another page', () => {
    const client = testQueryClient();
    expect(seedFirstScreenFromPage(client, 'products')).toBeNull();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    addDataBlock('{"page": "products", "products": [');
    expect(seedFirstScreenFromPage(client, 'products')).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    const block = document.getElementById(FIRST_SCREEN_DATA_ID)!;
    for (const [page, data] of [
      ['products', { page: 'products', products: 'nope', categories }],
      ['products', { products, categories }],
      ['tracker', { page: 'products', products, categories }],
      ['tracker', { page: 'tracker', today: '2026-06-10', monthEvents: [stop] }],
      // an older server's block, without the cart's state and the map's tiles
      [
        'tracker',
        { page: 'tracker', timeZone: 'America/Chicago', today: '2026-06-10', fetchedAt: '2026-06-10T15:00:00.000Z', monthEvents: [stop], events: [stop] },
      ],
      [
        'events',
        {
          page: 'events',
          timeZone: 'America/Chicago',
          today: '2026-06-10',
          fetchedAt: '2026-06-10T15:00:00.000Z',
          live: liveState(null),
          categories,
          upcoming: [stop],
        },
      ],
      ['events', null],
      ['home', { page: 'home', featured: products, categories }],
      // a stop's block without its menu and times
      ['stop', { page: 'stop', stopId: 12, stop: stopPickup().stop, timeZone: 'America/Chicago' }],
      ['stop', { page: 'tracker', ...stopPickup() }],
    ] as const) {
      block.textContent = JSON.stringify(data);
      expect({ page, data, seeded: seedFirstScreenFromPage(client, page) }).toEqual({ page, data, seeded: null });
    }
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('wins over the older copy the persister restores afterwards', () => {
    const old = testQueryClient();
    old.setQueryData(productsQueryOptions.queryKey, [product({ id: 1, name: 'Discontinued Cocoa' })], { updatedAt: Date.now() - 60_000 });
    const persisted = dehydrate(old);

    addDataBlock(asTheApiWritesIt({ page: 'products', products, categories }));
    const client = testQueryClient();
    seedFirstScreenFromPage(client, 'products');
    hydrate(client, persisted);
    expect(client.getQueryData(productsQueryOptions.queryKey)).toEqual(onTheWire(products));
  });
});
