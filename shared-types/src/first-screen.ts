/**
 * The server's first screens (api/src/static-shell.ts, pwa/src/server/first-screens.tsx): the
 * API renders a public route's page with the PWA's own components from these answers and writes
 * them into the HTML as a JSON data block with this id, so the app's first render seeds its query
 * cache with exactly what the server painted and needs no API round trip. Each holds what the
 * page's public API calls answer at that moment.
 */
import type { BookingAvailability, BookingPackage } from './schemas/booking.schema';
import type { MapConfig } from './schemas/calendar.schema';
import type { Category, Product, Testimonial } from './schemas/catalogue.schema';
import type { ScheduledEvent } from './schemas/events.schema';
import type { LiveState } from './schemas/live.schema';
import type { StopPickup } from './schemas/pickup.schema';
import type { ShopIdentity } from './schemas/shop-identity.schema';
import { APP_ROUTES, appRouteMatcher } from './app-shell';

export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** What GET /api/square/catalog/products and /categories answer. */
export interface CatalogueFirstScreenData {
  products: Product[];
  categories: Category[];
}

/**
 * The stops as the tracker and the events page ask for them. `today` ('YYYY-MM-DD') is the shop's
 * day, in `timeZone` (the shop's): the server renders as a visitor in the shop's zone sees it.
 */
interface StopsFirstScreen {
  timeZone: string;
  today: string;
  /** When the server read them (ISO): the tracker's 'Last updated'. */
  fetchedAt: string;
  /** GET /api/live: the cart then (its stream says what changed since). */
  live: LiveState;
}

export type FirstScreenData = FirstScreenPageData & {
  /** GET /api/shop: the shop's identity the header and footer show (absent from an older server's block). */
  shop?: ShopIdentity;
};

type FirstScreenPageData =
  /** The home page: GET /api/products/featured, GET /api/categories and GET /api/square/testimonials/featured. */
  | { page: 'home'; featured: Product[]; categories: Category[]; testimonials: Testimonial[] }
  | ({ page: 'products' } & CatalogueFirstScreenData)
  /** A product page: the product and the catalogue's categories (its breadcrumb). */
  | { page: 'product'; product: Product; categories: Category[] }
  /** GET /api/events for today's month, GET /api/events (this month on) and GET /api/events/map-config. */
  | ({ page: 'tracker'; monthEvents: ScheduledEvent[]; events: ScheduledEvent[]; mapConfig: MapConfig } & StopsFirstScreen)
  /**
   * GET /api/categories, GET /api/events?from={today}, and the booking form's GET
   * /api/booking/packages and GET /api/booking/availability?month={today's month}.
   */
  | ({ page: 'events'; categories: Category[]; upcoming: ScheduledEvent[]; packages: BookingPackage[]; availability: BookingAvailability } & StopsFirstScreen)
  /**
   * A stop's page (/stops/{id}): GET /api/stops/{id}/pickup, read as the request came (never kept:
   * places go as orders come). Its `timeZone` is the shop's: the server renders as a visitor there.
   */
  | ({ page: 'stop' } & StopPickup);

/**
 * The pages the server paints a first screen of, declared once: the APP_ROUTES pattern each is
 * matched by, and whether it shows days and times in the visitor's zone (the stops). Every other
 * part of a first screen is a table keyed by these names, so a page missing from one fails
 * type-checking: the API's data loaders (FIRST_SCREEN_LOADERS) and the PWA's page modules and
 * seeders (FIRST_SCREEN_PAGES), from which the PWA's build also tells the API each page's
 * stylesheets (FIRST_SCREEN_CSS_FILE). Each page's answers are its FirstScreenData.
 */
export const FIRST_SCREENS = {
  home: { route: 'home', dated: false },
  products: { route: 'products', dated: false },
  product: { route: 'product', dated: false },
  tracker: { route: 'tracker', dated: true },
  events: { route: 'events', dated: true },
  stop: { route: 'stop', dated: true },
} as const satisfies Record<FirstScreenData['page'], { route: keyof typeof APP_ROUTES; dated: boolean }>;

export type FirstScreenPage = keyof typeof FIRST_SCREENS;

/** One page's answers. */
export type FirstScreenDataOf<P extends FirstScreenPage> = Extract<FirstScreenData, { page: P }>;

const PAGES = Object.keys(FIRST_SCREENS) as FirstScreenPage[];

/** The first screens that show days and times in the visitor's zone (the stops): the app formats dates as it starts there. */
export const DATED_FIRST_SCREENS: ReadonlySet<FirstScreenPage> = new Set(PAGES.filter((page) => FIRST_SCREENS[page].dated));

/**
 * Where the PWA's client build writes each first screen's stylesheets, in its output folder: JSON,
 * page name -> the CSS files (from that folder) its page module and the chunks it imports load.
 */
export const FIRST_SCREEN_CSS_FILE = '.vite/first-screens.json';

const MATCHERS = PAGES.map((page) => ({ page, match: appRouteMatcher(APP_ROUTES[FIRST_SCREENS[page].route]) }));

/** A first screen's route and its params, decoded (APP_ROUTES names them: a product's slug, a stop's id). */
export interface FirstScreenRoute {
  page: FirstScreenPage;
  slug?: string;
  id?: string;
}

/** A param as the router gives it (decoded); one that cannot be decoded is kept as it came ('%E0': no product or stop has it). */
function decoded(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/**
 * The public route a path lands on, if the server paints a first screen for it (matched as the
 * router matches: case-insensitive, trailing slashes allowed); a product page with its slug, a
 * stop's page with its id.
 */
export function firstScreenRoute(pathname: string): FirstScreenRoute | null {
  for (const { page, match } of MATCHERS) {
    const params = match(pathname);
    if (!params) continue;
    const route: FirstScreenRoute = { page };
    if (params.slug !== undefined) route.slug = decoded(params.slug);
    if (params.id !== undefined) route.id = decoded(params.id);
    return route;
  }
  return null;
}
