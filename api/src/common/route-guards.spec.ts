import { checkoutBody, insertCheckoutProducts, SHIPPING } from '../orders/orders.fixtures';
import { expressRoutes, nestRoutes, type RegisteredRoute, routeKey as key } from '../test/registered-routes';
import { TEST_ADMIN, useTestApp } from '../test/test-app';

/**
 * Every route Nest registers either carries @SignedIn()/@AdminOnly() (and really answers 401 to an
 * anonymous caller, 403 to a customer where admin-only) or is named below with the reason it is
 * public. A new route with neither fails this test, naming the route.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  // Sign-in and account recovery: reachable before anyone is signed in; rate-limited.
  'POST /api/login': 'signs in',
  'POST /api/register': 'creates an account',
  'POST /api/logout': 'ends the caller’s own session (no-op when anonymous)',
  'POST /api/auth/forgot-password': 'always answers the same; mails a single-use token',
  'POST /api/auth/reset-password': 'needs the secret token from the mail',
  'POST /api/login/second-factor': 'the sign-in’s second step: only after a right password in this session, within 5 minutes; limited like sign-in',
  // Anonymous visitors' writes the spec asks for.
  'POST /api/contact': 'contact form; rate-limited',
  'POST /api/events/inquiries': 'event booking inquiry form',
  'POST /api/square/checkout/complete': 'guest checkout (allowed, see docs/decisions.md); amounts recomputed server-side',
  'POST /api/checkout/discount': 'the checkout’s Apply of a discount code, for guests too; refused checks are rate-limited',
  'DELETE /api/cart/clear': 'the cart lives in the browser; the server only acknowledges a session id',
  // Public reads of the catalogue, events and content.
  'GET /api/square/catalog/categories': 'catalogue',
  'GET /api/square/catalog/products': 'catalogue',
  'GET /api/square/catalog/products/featured': 'catalogue',
  'GET /api/square/catalog/products/slug/:slug': 'catalogue',
  'GET /api/square/testimonials/featured': 'home page testimonials',
  'GET /api/products/featured': 'catalogue',
  'GET /api/categories': 'catalogue',
  'GET /api/events': 'public event schedule',
  'GET /api/events/map-config': 'tile URL and map centre for the tracker',
  'GET /api/events/calendar.ics': 'the public schedule as an iCalendar feed',
  'GET /api/money-settings': 'the ship-to countries, shipping and tax rates the checkout prices with',
  'GET /api/shop': "the shop's name, logo, address, phone, e-mail, hours and social links customers see",
  'GET /api/admin/go-live/mail-confirmed': 'the go-live test e-mail’s link: refused unless its signed token is valid',
  'GET /api/legal-pages/:kind': 'the privacy, terms and refund pages',
  'GET /api/square/web-payments/config': 'application and location ids the card form needs; no secret',
  // Operations and provider callbacks.
  'GET /api/health': 'process liveness',
  'GET /api/ready': 'database readiness',
  'GET /api/square/auth/callback': 'Square OAuth redirect; refused unless its state matches the one the admin started',
  'POST /api/square/webhooks': 'Square’s event notifications; refused (400/403, nothing changed) unless signed with the subscription’s signature key',
  // Private, but checked in the service: the owner or an admin, or the e-mails' signed order link; anyone else gets a 404.
  'GET /api/orders/:id':
    'owner-or-admin or a valid order-link token, checked by OrdersService.findForViewer (asserted below; tokens in orders/admin-orders.spec.ts)',
  // Event booking: packages and free days are public; a request is a visitor's form
  // (rate-limited); a booking's own routes open with its link's signed token, for its signed-in
  // customer or for an admin, checked by BookingsService (bookings/bookings.spec.ts), else 404.
  'GET /api/booking/packages': 'the packages on offer',
  'GET /api/booking/availability': 'which days can be booked',
  'POST /api/bookings': 'booking request form (guests may book); rate-limited',
  'GET /api/bookings/:reference': 'token-or-owner-or-admin, checked by BookingsService',
  'POST /api/bookings/:reference/payments': 'token-or-owner-or-admin; the amount is the server’s; refused attempts rate-limited',
  'POST /api/bookings/:reference/cancel': 'token-or-owner-or-admin; the refund follows the policy, computed by the server',
  // The live tracker: what the cart is doing now, for every visitor; changes are admin-only.
  'GET /api/live': 'the cart’s live state (checked in where, its status, what sold out)',
  'GET /api/live/stream': 'the same state as Server-Sent Events; open streams capped per process (503 past the cap)',
  // Live tracker notifications: any visitor may be told; the key is public by
  // design (the browser's applicationServerKey); the writes are rate-limited and reveal nothing.
  'GET /api/events/:id/calendar.ics': 'one public stop as an iCalendar file (a private booking’s stop has no place)',
  'GET /api/stops/:id/pickup': 'the pickup times customers may order ahead for at a stop: times and places left, no one’s order',
  'GET /api/push/public-key': 'the VAPID public key browsers subscribe with',
  'POST /api/push/subscriptions': 'a visitor’s browser subscribes to notifications; rate-limited',
  'POST /api/push/unsubscribe': 'ends subscriptions of an endpoint only its browser knows; same answer whether or not any matched; rate-limited',
  // Browsers report what the pages' Content-Security-Policy blocked; nobody is signed in for it.
  'POST /api/csp-reports': 'a browser’s report of a blocked resource: at most 64 KB, rate-limited, stored without query strings',
};

/** A concrete URL for a route pattern; guards run before validation, so any value will do. */
const concrete = (path: string) => path.replace(/:filename/g, 'cocoa-backup.json').replace(/:[a-zA-Z]+/g, '1');

describe('route guards', () => {
  const t = useTestApp();
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    routes = nestRoutes(t.app);
  });

  it('finds in Nest’s metadata exactly the routes Express serves', () => {
    const served = expressRoutes(t.app);
    const declared = new Set(routes.map(key));
    expect(routes.length).toBeGreaterThan(40);
    expect([...served].filter((r) => !declared.has(r))).toEqual([]);
    expect([...declared].filter((r) => !served.has(r))).toEqual([]);
  });

  it('guards every route that is not on the commented public list', () => {
    const unguarded = routes.filter((r) => !r.access && !(key(r) in PUBLIC_ROUTES)).map(key);
    if (unguarded.length)
      throw new Error(
        `Unguarded routes: ${unguarded.join(', ')}. Add @SignedIn()/@AdminOnly(), or list the route in PUBLIC_ROUTES with the reason it is public.`,
      );
    // The list holds no stale or needlessly listed entries.
    const byKey = new Map(routes.map((r) => [key(r), r]));
    expect(Object.keys(PUBLIC_ROUTES).filter((k) => !byKey.has(k))).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((k) => byKey.get(k)?.access)).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every guarded route', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.access)) {
      const res = await t.agent()[r.method.toLowerCase() as 'get'](concrete(r.path)).send({});
      if (res.status !== 401) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in customer on every admin-only route', async () => {
    const customer = t.agent();
    const registered = await customer.post('/api/register').send({ username: 'guardcheck', email: 'guardcheck@example.com', password: 'secret-123' });
    expect(registered.status).toBe(201);
    const admin = routes.filter((x) => x.access === 'admin');
    expect(admin.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of admin) {
      const res = await customer[r.method.toLowerCase() as 'get'](concrete(r.path)).send({});
      if (res.status !== 403) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every guarded read with Cache-Control: no-store, so no browser or proxy keeps it', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const reads = routes.filter((r) => r.access && r.method === 'GET');
    const stored: string[] = [];
    let answered = 0;
    for (const r of reads) {
      const res = await admin.get(concrete(r.path));
      if (res.status >= 300) continue; // an error answer carries no data (a row 1 may not exist)
      answered++;
      if (!/\bno-store\b/.test(res.headers['cache-control'] ?? '')) stored.push(`${key(r)} → ${res.headers['cache-control'] ?? 'no Cache-Control'}`);
    }
    expect(answered).toBeGreaterThan(20);
    expect(stored).toEqual([]);
  });

  it('hides an order from everyone but its owner and an admin', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const owner = t.agent();
    expect((await owner.post('/api/register').send({ username: 'orderowner', email: 'orderowner@example.com', password: 'secret-123' })).status).toBe(201);
    const paid = await owner
      .post('/api/square/checkout/complete')
      .send(checkoutBody(await insertCheckoutProducts(t.dataSource), { shippingData: { ...SHIPPING, email: 'orderowner@example.com' } }));
    expect(paid.status).toBe(200);
    const { orderId } = paid.body;
    expect((await owner.get(`/api/orders/${orderId}`)).status).toBe(200);
    expect((await admin.get(`/api/orders/${orderId}`)).status).toBe(200);
    expect((await t.agent().get(`/api/orders/${orderId}`)).status).toBe(404);
    const stranger = t.agent();
    expect((await stranger.post('/api/register').send({ username: 'stranger', email: 'stranger@example.com', password: 'secret-123' })).status).toBe(201);
    expect((await stranger.get(`/api/orders/${orderId}`)).status).toBe(404);
  });
});
