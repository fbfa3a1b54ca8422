/**
 * Where the API writes a public route's first screen into index.html: the app itself, rendered by
 * its own components (api/src/static-shell.ts), in place of everything between these two marks,
 * which wrap the whole content of the app's root element (a header bar and an empty main). Without
 * it (the service worker's precached copy offline, a route without a first screen) the shell shows
 * that header bar until the app renders the page.
 */
export const FIRST_SCREEN_START = '<!--first-screen-->';
export const FIRST_SCREEN_END = '<!--/first-screen-->';

/**
 * Set on the app's root element when its content is the server's rendering of the app: the app
 * then hydrates it (takes it over as it is) instead of rendering its first screen anew.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The PWA's routes (the route table) as react-router path patterns: the router declares
 * exactly these (pwa/src/app/router.tsx), and the API answers any other path with the app shell
 * and status 404, the app then showing its '404 Page Not Found' page.
 */
export const APP_ROUTES = {
  home: '/',
  products: '/products',
  product: '/products/:slug',
  about: '/about',
  contact: '/contact',
  events: '/events',
  tracker: '/cocoa-tracker',
  /** A stop's own page: its menu and pickup times, to order drinks ahead (docs/order-ahead.md). */
  stop: '/stops/:id',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation',
  orders: '/orders',
  /** One order: its owner signed in, or anyone with the order link's token (?token=). */
  order: '/orders/:id',
  /** One event booking's status page: its customer signed in, or anyone with the e-mailed link's token (?token=). */
  booking: '/bookings/:reference',
  account: '/account',
  /** The account's recent sign-ins and its other devices (for the owner's admin account too). */
  accountSecurity: '/account/security',
  admin: '/admin',
  auth: '/auth',
  resetPassword: '/reset-password',
  privacy: '/privacy',
  terms: '/terms',
  refundPolicy: '/refund-policy',
  shipping: '/shipping',
} as const;

/** One pattern as react-router v6 matches it: case-insensitive, a `:param` is one non-empty segment (captured), trailing slashes allowed. */
function routePattern(path: string): RegExp {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '/([^/]+)' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${body}/*$`, 'i');
}

/**
 * Matches a path (a URL's pathname, still percent-encoded) against one APP_ROUTES pattern: its
 * `:params` as they stand in the path (not decoded), or null when the pattern does not match.
 */
export function appRouteMatcher(path: string): (pathname: string) => Record<string, string> | null {
  const pattern = routePattern(path);
  const names = path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  return (pathname) => {
    const match = pattern.exec(pathname);
    return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) : null;
  };
}

const ROUTE_PATTERNS = Object.values(APP_ROUTES).map(routePattern);

/** Whether the app has a page for this path (a URL's pathname, still percent-encoded, without query). */
export function isAppRoute(pathname: string): boolean {
  return ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * A cookie the API sets beside the session cookie, readable by the page and holding no secret
 * ('1'): the site asks GET /api/user only when it is there, so a visitor who certainly has no
 * session makes no call answered 401 (Lighthouse counts that console error). Set at
 * sign-in and on any request of a signed-in session that lacks it; cleared at sign-out and on any
 * request that has it without a session (expired, signed out elsewhere).
 */
export const SIGNED_IN_HINT_COOKIE = 'cocoa.signedin';

/** Whether a Cookie header (or document.cookie) holds the signed-in hint. */
export function hasSignedInHint(cookieHeader: string | undefined | null): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
