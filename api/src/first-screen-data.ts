import {
  type CatalogueFirstScreenData,
  type MapConfig,
  dayIn,
  EVENTS_PAGE_MAX,
  filterFromSlug,
  FIRST_SCREEN_DATA_ID,
  type FirstScreenData,
  type FirstScreenDataOf,
  type FirstScreenPage,
  type FirstScreenRoute,
  firstScreenRoute,
  idParamSchema,
  type ShopIdentity,
  startOfDayIn,
  startOfMonthIn,
} from '@cocoa/shared-types';
import type { BookingAvailabilityService } from './bookings/booking-availability.service';
import type { BookingPackagesService } from './bookings/booking-packages.service';
import type { CategoriesService } from './catalogue/categories.service';
import type { ProductsService } from './catalogue/products.service';
import type { TestimonialsService } from './catalogue/testimonials.service';
import { NotFoundError } from './common/domain-errors';
import type { PublicAnswerCache } from './common/public-answer-cache';
import type { EventsService } from './events/events.service';
import type { LiveService } from './live/live.service';
import type { StopPickupService } from './orders/stop-pickup.service';
import type { ShopIdentityService } from './settings/shop-identity.service';
import type { ShopTimeZoneService } from './settings/shop-time-zone.service';
import { jsonForHtml } from './json-for-html';
import { structuredDataBlock } from './structured-data';

/**
 * The answers a public route's first screen is rendered from (StaticShell), read from the services
 * behind the page's public API calls, so they are the answers the app would get; the server keeps
 * them in the PublicAnswerCache, which forgets them on any change (all but a stop's page's, which
 * is read for each request: see its loader).
 */

/** GET /api/square/catalog/products and /categories: /products, and each product page's product and breadcrumb. */
export async function loadCatalogueFirstScreen(products: ProductsService, categories: CategoriesService): Promise<CatalogueFirstScreenData> {
  const [productList, categoryList] = await Promise.all([products.listPublic(), categories.list()]);
  return { products: productList, categories: categoryList };
}

/** The home page: its Seasonal Products, Our Flavors (the first categories) and What Our Customers Say. */
export async function loadHomeFirstScreen(
  products: ProductsService,
  categories: CategoriesService,
  testimonials: TestimonialsService,
): Promise<Extract<FirstScreenData, { page: 'home' }>> {
  const [featured, categoryList, featuredTestimonials] = await Promise.all([products.featured(), categories.list(), testimonials.featured()]);
  return { page: 'home', featured, categories: categoryList, testimonials: featuredTestimonials };
}

type StopsData<P extends 'tracker' | 'events'> = Extract<FirstScreenData, { page: P }>;

/**
 * The tracker opens on the shop's today: GET /api/events for that month (the calendar and the day's
 * list), GET /api/events (this month on: the stops 'Near me' and a stop link look in), the cart
 * now (GET /api/live: its banner) and the map's tiles (GET /api/events/map-config).
 */
export async function loadTrackerFirstScreen(
  s: Pick<FirstScreenSources, 'events' | 'shopTime' | 'live' | 'mapConfig'>,
  now = new Date(),
): Promise<StopsData<'tracker'>> {
  const timeZone = await s.shopTime.current();
  const [month, fromThisMonth, live] = await Promise.all([
    s.events.list({ from: startOfMonthIn(now, timeZone).toISOString(), to: startOfMonthIn(now, timeZone, 1).toISOString(), limit: EVENTS_PAGE_MAX }, now),
    s.events.list({ limit: EVENTS_PAGE_MAX }, now),
    s.live.current(),
  ]);
  return {
    page: 'tracker',
    timeZone,
    today: dayIn(now, timeZone),
    fetchedAt: now.toISOString(),
    live,
    monthEvents: month.events,
    events: fromThisMonth.events,
    mapConfig: s.mapConfig,
  };
}

/**
 * The events page: GET /api/categories ('What we serve'), GET /api/events?from={today} ('Where to
 * find us next') with the cart now (GET /api/live: 'Here now'), and the booking form's packages and
 * the open days of the shop's month (GET /api/booking/packages, /api/booking/availability).
 */
export async function loadEventsFirstScreen(
  s: Pick<FirstScreenSources, 'events' | 'categories' | 'shopTime' | 'live' | 'bookingPackages' | 'bookingAvailability'>,
  now = new Date(),
): Promise<StopsData<'events'>> {
  const timeZone = await s.shopTime.current();
  const today = dayIn(now, timeZone);
  const [categoryList, upcoming, live, packages, availability] = await Promise.all([
    s.categories.list(),
    s.events.list({ from: startOfDayIn(now, timeZone).toISOString(), limit: EVENTS_PAGE_MAX }, now),
    s.live.current(),
    s.bookingPackages.list('active'),
    s.bookingAvailability.month(today.slice(0, 7), now),
  ]);
  return { page: 'events', timeZone, today, fetchedAt: now.toISOString(), live, categories: categoryList, upcoming: upcoming.events, packages, availability };
}

/** The services the first screens read from, and the cache that keeps their answers. */
export interface FirstScreenSources {
  products: ProductsService;
  categories: CategoriesService;
  testimonials: TestimonialsService;
  events: EventsService;
  shopTime: ShopTimeZoneService;
  live: LiveService;
  bookingPackages: BookingPackagesService;
  bookingAvailability: BookingAvailabilityService;
  /** GET /api/stops/:id/pickup's answer, with the cart now laid over it. */
  stopPickup: StopPickupService;
  /** GET /api/events/map-config's answer (it comes from the configuration). */
  mapConfig: MapConfig;
  answers: PublicAnswerCache;
  /** GET /api/shop's answer: the header and footer of every first screen, and its structured data. */
  shopIdentity: ShopIdentityService;
  /** PUBLIC_URL: the structured data's addresses are absolute. */
  siteUrl: string;
}

/** A first screen's answers; `source` the cached value they come from and `variant` what else of the URL the page shows (StaticShell.firstScreen). */
export interface LoadedFirstScreen {
  source: object;
  variant: string;
  /** The URL rendered: the path and only the query the page reads, so one render serves every URL showing the same. */
  url: string;
  data: FirstScreenData;
  /** What goes at the end of the page's head: its structured data (structured-data.ts). */
  head?: string;
}

/** Reads one page's answers for its route (a product page's slug, a stop's id) and the URL's query; null: no such product or stop (a 404). */
type FirstScreenLoader<P extends FirstScreenPage> = (
  route: Omit<FirstScreenRoute, 'page'>,
  query: URLSearchParams,
  s: FirstScreenSources,
) => Promise<(LoadedFirstScreen & { data: FirstScreenDataOf<P> }) | null>;

/** A loader for every page of shared-types' FIRST_SCREENS, each answering its own page's data. */
export type FirstScreenLoaders = { [P in FirstScreenPage]: FirstScreenLoader<P> };

/** The catalogue's answers, kept once for /products and every product page. */
const catalogue = (s: FirstScreenSources) => s.answers.remember('catalogue-first-screen', () => loadCatalogueFirstScreen(s.products, s.categories));

/**
 * Each first screen's loader, by page (shared-types' FIRST_SCREENS): a page without one fails
 * type-checking. Every key kept in the cache is one of a few fixed ones, whatever the URL asks for.
 */
export const FIRST_SCREEN_LOADERS: FirstScreenLoaders = {
  home: async (_route, _query, s) => {
    const source = await s.answers.remember('home-first-screen', () => loadHomeFirstScreen(s.products, s.categories, s.testimonials));
    return { source, variant: '', url: '/', data: source };
  },
  products: async (_route, query, s) => {
    const source = await catalogue(s);
    // An unknown category shows everything, as the app does.
    const category = filterFromSlug(source.categories, query.get('category')) === 'all' ? null : query.get('category');
    const url = category ? `/products?${new URLSearchParams({ category })}` : '/products';
    return { source, variant: category ?? '', url, data: { page: 'products', ...source } };
  },
  product: async (route, _query, s) => {
    const source = await catalogue(s);
    const slug = route.slug ?? '';
    const listed = source.products.find((p) => p.slug === slug);
    // Past the list's cap, asked on its own (not kept: any slug could be asked for).
    const product = listed ?? (await unlessNotFound(s.products.getBySlug(slug)));
    if (!product) return null;
    return {
      source: listed ? source : product,
      variant: slug,
      url: `/products/${encodeURIComponent(slug)}`,
      data: { page: 'product', product, categories: source.categories },
    };
  },
  tracker: async (_route, query, s) => {
    const source = await s.answers.remember('tracker-first-screen', () => loadTrackerFirstScreen(s));
    // ?stop=<id> (a notification's link) opens that stop's day; only a stop the page knows changes the render.
    const stop = source.events.find((e) => String(e.id) === query.get('stop'));
    return { source, variant: stop ? String(stop.id) : '', url: stop ? `/cocoa-tracker?stop=${stop.id}` : '/cocoa-tracker', data: source };
  },
  events: async (_route, _query, s) => {
    const source = await s.answers.remember('events-first-screen', () => loadEventsFirstScreen(s));
    return { source, variant: '', url: '/events', data: source };
  },
  stop: async (route, _query, s) => {
    const stopId = stopIdOf(route.id);
    const pickup = stopId === null ? null : await unlessNotFound(s.stopPickup.forStop(stopId));
    if (!pickup) return null;
    // Never kept (no `s.answers.remember`), unlike every other first screen: read anew for each
    // request, as its answer route is (`Cache-Control: no-cache`, not a public answer). Places go
    // as orders come, and an order (POST /api/square/checkout/complete) is one of the writes that
    // leave the public answers in place (WRITES_LEAVING_PUBLIC_ANSWERS), so a kept screen would
    // offer a full time until its time to live ran out; the sold-out list and "as soon as
    // possible" follow the cart and the clock. A short life of its own would still offer a full
    // time to everyone landing in it. The read replaces the app's own call (the app takes the
    // page over from this answer without asking again), so the stop costs the server a render
    // more, not a read more. This fresh answer is the render's source: StaticShell renders it
    // once and forgets the markup with it.
    return { source: pickup, variant: '', url: `/stops/${pickup.stopId}`, data: { page: 'stop', ...pickup } };
  },
};

/**
 * How to read the answers of the public route at `path`, or null when it has no first screen.
 * Resolves to null for a product page whose product does not exist, or a stop's page whose stop
 * does not (a 404).
 */
export function firstScreenLoader(path: string, query: URLSearchParams, s: FirstScreenSources): (() => Promise<LoadedFirstScreen | null>) | null {
  const route = firstScreenRoute(path);
  if (!route) return null;
  return async () => {
    const [loaded, shop] = await Promise.all([FIRST_SCREEN_LOADERS[route.page](route, query, s), shopIdentityOf(s)]);
    if (!loaded) return null;
    return { ...loaded, data: { ...loaded.data, shop }, head: structuredDataBlock(shop, s.siteUrl, loaded.data) };
  };
}

/** The shop's identity as GET /api/shop answers it, kept with the public answers (a settings write clears it). */
export function shopIdentityOf(s: Pick<FirstScreenSources, 'answers' | 'shopIdentity'>): Promise<ShopIdentity> {
  return s.answers.remember('shop-identity', () => s.shopIdentity.get());
}

/**
 * A stop's id as its page's path holds it, read as the app reads it (digits without a leading
 * zero, pwa's isStopId) and as its answer route takes it; null for a path that is no stop's.
 */
function stopIdOf(param: string | undefined): number | null {
  const parsed = idParamSchema.safeParse(param);
  return parsed.success && String(parsed.data) === param ? parsed.data : null;
}

/** What `found` resolves to, or null where it answers 404 (a stop or product that is not there). */
async function unlessNotFound<T>(found: Promise<T>): Promise<T | null> {
  try {
    return await found;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** A JSON data block (not executed, so the Content-Security-Policy allows it) the app seeds its first render from. */
export function firstScreenDataBlock(data: FirstScreenData): string {
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForHtml(data)}</script>`;
}
