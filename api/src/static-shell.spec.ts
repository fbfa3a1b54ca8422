import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import {
  type Category,
  dayIn,
  DEMO_SHOP_IDENTITY,
  FIRST_SCREEN_CSS_FILE,
  FIRST_SCREENS,
  type FirstScreenData,
  type FirstScreenPage,
  noonOf,
  MONEY_SETTINGS_DEFAULTS,
  priceOrder,
  type Product,
  type ScheduledEvent,
  type StopPickup,
  type Testimonial,
  startOfDayIn,
  startOfMonthIn,
  wallTimeIn,
} from '@cocoa/shared-types';
import { newIdempotencyKey } from './orders/orders.fixtures';
import { type FirstScreenRenderer, firstScreenRendererFile, StaticShell } from './static-shell';
import { TEST_ADMIN, type TestAgent, useTestAppServing } from './test/test-app';

const INDEX_HTML =
  '<html><head><title>Cocoa</title></head><body><div id="root"><!--first-screen--><header>bar</header><main class="boot"></main><!--/first-screen--></div></body></html>';
/**
 * What the PWA's build lists for the first screens (FIRST_SCREEN_CSS_FILE), by page: the
 * start-up chunk's stylesheet they import, and their own. No source file of the PWA is named.
 */
const FIRST_SCREEN_CSS: Record<FirstScreenPage, string[]> = {
  home: ['assets/start-abc123.css'],
  products: ['assets/start-abc123.css'],
  product: ['assets/start-abc123.css', 'assets/product-detail-page-d1.css'],
  tracker: ['assets/start-abc123.css', 'assets/cocoa-tracker-page-t1.css'],
  events: ['assets/start-abc123.css'],
  stop: ['assets/start-abc123.css', 'assets/stop-page-s1.css'],
};
const writeStylesheets = (dist: string, listed: object = FIRST_SCREEN_CSS) => {
  mkdirSync(dirname(join(dist, FIRST_SCREEN_CSS_FILE)), { recursive: true });
  writeFileSync(join(dist, FIRST_SCREEN_CSS_FILE), JSON.stringify(listed));
};

/**
 * A stand-in for the PWA's server entry (pwa/src/server/first-screens.tsx, which its own spec
 * checks against the real components): it writes what it was given, so the shell's part is seen.
 */
const FAKE_RENDERER = `
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
exports.renderFirstScreen = (url, data) => {
  if (data.slug === 'explode') throw new Error('boom');
  const names = { home: (d) => [...d.featured.map((p) => p.name), ...d.testimonials.map((t) => t.name)], products: (d) => d.products.map((p) => p.name), product: (d) => [d.product.name], tracker: (d) => d.monthEvents.map((e) => e.title), events: (d) => d.upcoming.map((e) => e.title), stop: (d) => [d.stop.name, ...d.menu.map((m) => m.name + (m.soldOut ? ' (sold out)' : '')), ...d.slots.slice(0, 1).map((s) => 'first ' + s.start + ', ' + s.left + ' left')] }[data.page](data);
  return '<section data-page="' + data.page + '" data-url="' + esc(url) + '">' + names.map((n) => '<b class="name">' + esc(n) + '</b>').join('') + '</section>';
};`;

const DATA_BLOCK = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/g;
/** The inlined first-screen data blocks of a page, parsed. */
function dataBlocks(html: string): FirstScreenData[] {
  return [...html.matchAll(DATA_BLOCK)].map((m) => JSON.parse(m[1]) as FirstScreenData);
}
/** The page without its structured data (structured-data.ts checks it; the shop identity spec reads it). */
const STRUCTURED_DATA = /<script type="application\/ld\+json">[\s\S]*?<\/script>/;
const withoutStructuredData = (html: string) => html.replace(STRUCTURED_DATA, '');

/** The fake renderer's output: page, URL rendered and names shown. */
function rendered(html: string): { page: string; url: string; names: string[] } | null {
  const main = /<section data-page="([^"]*)" data-url="([^"]*)">([\s\S]*?)<\/section>/.exec(html);
  if (!main) return null;
  return { page: main[1], url: main[2].replace(/&amp;/g, '&'), names: [...main[3].matchAll(/<b class="name">([^<]*)<\/b>/g)].map((m) => m[1]) };
}

/** The API serves the built PWA: assets cached for a year, client routes get the app shell, /api and /uploads never do. */
describe('serving the built PWA', () => {
  const { t, dist } = useTestAppServing((build) => {
    mkdirSync(join(build, 'assets'));
    writeFileSync(join(build, 'index.html'), INDEX_HTML);
    writeStylesheets(build);
    writeFileSync(join(build, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(build, 'sw.js'), 'self.x=1');
    mkdirSync(dirname(firstScreenRendererFile(build)));
    writeFileSync(firstScreenRendererFile(build), FAKE_RENDERER);
  });
  beforeAll(() => {
    mkdirSync(join(t.config.uploadsDir, 'products'), { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'products', 'cup.png'), 'png-bytes');
  });
  afterAll(() => rmSync(dirname(firstScreenRendererFile(dist)), { recursive: true, force: true }));

  it('answers the other client routes with the shell: the header bar, nothing painted in its main', async () => {
    for (const path of ['/orders', '/admin', '/auth?redirect=/orders', '/account/', '/about', '/cart']) {
      const res = await t.agent().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toMatch(STRUCTURED_DATA);
      expect(withoutStructuredData(res.text)).toBe(INDEX_HTML);
    }
  });

  it('answers unknown URLs 404 with the app shell, which shows the app’s 404 page', async () => {
    for (const path of [
      '/no/such/page',
      '/productsx',
      '/products/a/b',
      '/cocoa-tracker/x',
      '/stops',
      '/stops/1/pickup',
      '/admin/settings',
      '/wp-login.php',
      '/.env',
      '/no%20such?x=1',
    ]) {
      const res = await t.agent().get(path).set('Accept', 'text/html');
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toMatch(STRUCTURED_DATA);
      expect(withoutStructuredData(res.text)).toBe(INDEX_HTML);
    }
    const zipped = await t.agent().get('/no/such/page').set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(404);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.text).toContain('<header>bar</header>');
    expect((await t.agent().head('/no/such/page')).status).toBe(404);
    // the service worker's offline fallback and the PWA's own files are still served
    expect((await t.agent().get('/sw.js')).status).toBe(200);
  });

  describe("the public routes: their page rendered by the PWA's server entry, with its answers as a data block", () => {
    const catalogue = async () => ({
      products: (await t.agent().get('/api/square/catalog/products')).body as Product[],
      categories: (await t.agent().get('/api/square/catalog/categories')).body as Category[],
    });
    const zone = async () => ((await t.agent().get('/api/events')).body as ScheduledEvent[])[0].timeZone;

    it('/: the home page from its featured products, categories and featured testimonials, as its three calls answer', async () => {
      const featured = (await t.agent().get('/api/products/featured')).body as Product[];
      const categories = (await t.agent().get('/api/categories')).body as Category[];
      const testimonials = (await t.agent().get('/api/square/testimonials/featured')).body as Testimonial[];
      expect(featured.length).toBeGreaterThan(0);
      expect(testimonials.length).toBeGreaterThan(0);
      for (const path of ['/', '//']) {
        const res = await t.agent().get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.headers['cache-control']).toBe('no-cache');
        // the home page is in the start-up chunk: its stylesheet before the first paint
        expect(res.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"></head>');
        expect(res.text).toContain('<div id="root" data-server-rendered><section data-page="home" data-url="/">');
        expect(rendered(res.text)?.names).toEqual([...featured.map((p) => p.name), ...testimonials.map((x) => x.name)]);
        expect(dataBlocks(res.text)).toEqual([{ page: 'home', featured, categories, testimonials, shop: DEMO_SHOP_IDENTITY }]);
      }
    });

    it('/products: the page, its stylesheets before the first paint, and exactly what the two catalogue calls answer', async () => {
      const res = await t.agent().get('/products');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // the page uses the app's classes: its stylesheet must apply before the first paint
      expect(res.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"></head>');
      const { products, categories } = await catalogue();
      expect(res.text).toContain('<div id="root" data-server-rendered><section data-page="products" data-url="/products">');
      expect(rendered(res.text)?.names).toEqual(products.map((p) => p.name));
      expect(dataBlocks(res.text)).toEqual([{ page: 'products', products, categories, shop: DEMO_SHOP_IDENTITY }]);
      // the rendered app is the root's whole content (the app hydrates it, so nothing else may be in there); the block comes after it
      expect(res.text).toMatch(
        /<div id="root" data-server-rendered><section [^]*<\/section><\/div><script type="application\/json" id="first-screen-data">[^<]*<\/script><\/body>/,
      );
      expect(res.text).not.toContain('<header>bar</header>');
    });

    it('/products renders with the category the query names (an unknown one: all), with the same data; HEAD answers too', async () => {
      const { products, categories } = await catalogue();
      expect(rendered((await t.agent().get('/products?category=iced-cocoa&utm=x')).text)?.url).toBe('/products?category=iced-cocoa');
      expect(rendered((await t.agent().get('/products?category=no-such-thing')).text)?.url).toBe('/products');
      const trailingSlash = await t.agent().get('/products/');
      expect(dataBlocks(trailingSlash.text)).toEqual([{ page: 'products', products, categories, shop: DEMO_SHOP_IDENTITY }]);
      const head = await t.agent().head('/products');
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    });

    it('a product page: the product as GET /api/square/catalog/products/slug answers it, and the categories; an unknown slug is a 404 with the plain shell', async () => {
      const { products, categories } = await catalogue();
      const product = products[0];
      const res = await t.agent().get(`/products/${product.slug}`);
      expect(res.status).toBe(200);
      expect(rendered(res.text)).toEqual({ page: 'product', url: `/products/${product.slug}`, names: [product.name] });
      expect(res.text).toContain(
        '<link rel="stylesheet" href="/assets/start-abc123.css"><link rel="stylesheet" href="/assets/product-detail-page-d1.css"></head>',
      );
      const bySlug = (await t.agent().get(`/api/square/catalog/products/slug/${product.slug}`)).body as Product;
      expect(dataBlocks(res.text)).toEqual([{ page: 'product', product: bySlug, categories, shop: DEMO_SHOP_IDENTITY }]);

      for (const path of ['/products/no-such-cocoa', '/products/%E0%A4%A']) {
        const missing = await t.agent().get(path);
        expect({ path, status: missing.status }).toEqual({ path, status: 404 });
        expect(missing.text).toContain('<header>bar</header>');
        expect(missing.text).toBe(INDEX_HTML);
      }
    });

    it("/cocoa-tracker: the shop's month of stops (today's among them), GET /api/events, the cart now and the map's tiles, as the tracker asks for them", async () => {
      const timeZone = await zone();
      const now = new Date();
      const month = (
        await t
          .agent()
          .get('/api/events')
          .query({ from: startOfMonthIn(now, timeZone).toISOString(), to: startOfMonthIn(now, timeZone, 1).toISOString() })
      ).body as ScheduledEvent[];
      const fromThisMonth = (await t.agent().get('/api/events')).body as ScheduledEvent[];
      const res = await t.agent().get('/cocoa-tracker');
      expect(res.status).toBe(200);
      expect(res.text).toContain(
        '<link rel="stylesheet" href="/assets/start-abc123.css"><link rel="stylesheet" href="/assets/cocoa-tracker-page-t1.css"></head>',
      );
      const [data] = dataBlocks(res.text);
      expect(data).toMatchObject({ page: 'tracker', timeZone, today: dayIn(now, timeZone), monthEvents: month, events: fromThisMonth });
      // the calls the page makes as it mounts, answered in the block: its first render is complete (the app hydrates it as it is)
      expect(data).toMatchObject({ live: (await t.agent().get('/api/live')).body, mapConfig: (await t.agent().get('/api/events/map-config')).body });
      expect(month.some((e) => dayIn(new Date(e.date), timeZone) === dayIn(now, timeZone))).toBe(true);
      expect(rendered(res.text)).toEqual({ page: 'tracker', url: '/cocoa-tracker', names: month.map((e) => e.title) });
      // a stop link renders with its stop; an unknown stop is the plain page
      const stop = fromThisMonth[0];
      expect(rendered((await t.agent().get(`/cocoa-tracker?stop=${stop.id}`)).text)?.url).toBe(`/cocoa-tracker?stop=${stop.id}`);
      expect(rendered((await t.agent().get('/cocoa-tracker?stop=999999')).text)?.url).toBe('/cocoa-tracker');
    });

    it("/events: GET /api/categories, the next stops from the shop's today, the cart now, and the booking form's packages and the open days of the shop's month", async () => {
      const timeZone = await zone();
      const upcoming = (
        await t
          .agent()
          .get('/api/events')
          .query({ from: startOfDayIn(new Date(), timeZone).toISOString() })
      ).body as ScheduledEvent[];
      const categories = (await t.agent().get('/api/categories')).body as Category[];
      const live = (await t.agent().get('/api/live')).body as unknown;
      const packages = (await t.agent().get('/api/booking/packages')).body as unknown[];
      const availability = (
        await t
          .agent()
          .get('/api/booking/availability')
          .query({ month: dayIn(new Date(), timeZone).slice(0, 7) })
      ).body as unknown;
      expect(packages.length).toBeGreaterThan(0);
      const res = await t.agent().get('/events');
      expect(res.status).toBe(200);
      // the events page has no stylesheet of its own: the start-up chunk's
      expect(res.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"></head>');
      expect(dataBlocks(res.text)).toEqual([expect.objectContaining({ page: 'events', timeZone, categories, upcoming, live, packages, availability })]);
      expect(rendered(res.text)?.names).toEqual(upcoming.map((e) => e.title));
    });

    describe("a stop's page (/stops/{id})", () => {
      let admin: TestAgent;
      let stopId: number;
      const menu: Product[] = [];
      const pickup = async () => (await t.agent().get(`/api/stops/${stopId}/pickup`)).body as StopPickup;

      beforeAll(async () => {
        admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
        const timeZone = await zone();
        // Today, from the last quarter hour for three hours (past midnight it runs into the next day), taking orders ahead.
        const hhmm = (at: Date) => {
          const wall = wallTimeIn(new Date(Math.floor(at.getTime() / 900_000) * 900_000), timeZone);
          return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
        };
        const [row] = await t.dataSource.query<{ id: number }[]>(
          `INSERT INTO scheduled_locations (title, location, address, date, start_time, end_time, latitude, longitude, takes_orders)
           VALUES ('Order ahead at the Park', 'Lincoln Park', '2045 N Lincoln Park W, Chicago, IL', $1, $2, $3, 41.92, -87.63, true) RETURNING id`,
          [noonOf(dayIn(new Date(), timeZone), timeZone), hhmm(new Date()), hhmm(new Date(Date.now() + 3 * 3_600_000))],
        );
        stopId = row.id;
        // The cart's menu: one drink out of stock, one the owner marks sold out at the stop (the writes clear the kept answers).
        for (const drink of [
          { name: 'Park Cocoa', price: 4.5, soldAtCart: true },
          { name: 'Park Mocha', price: 5.25, soldAtCart: true },
          { name: 'Park Chai', price: 5, soldAtCart: true, inStock: false },
        ]) {
          const created = await admin.post('/api/products').send({ ...drink, categoryId: null });
          expect(created.status).toBe(201);
          menu.push(created.body as Product);
        }
        await admin.post('/api/admin/live/check-in').send({ stopId }).expect(200);
        await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'park mocha' }).expect(200);
      });
      afterAll(async () => {
        await admin.post('/api/admin/live/check-out').expect(200);
        for (const product of menu) await admin.patch(`/api/products/${product.id}`).send({ soldAtCart: false }).expect(200);
      });

      it('the stop, its menu with the sold-out marks and the next free time, as GET /api/stops/{id}/pickup answers them with the cart now', async () => {
        const res = await t.agent().get(`/stops/${stopId}`);
        const answer = await pickup();
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"><link rel="stylesheet" href="/assets/stop-page-s1.css"></head>');
        // the live overlay too: sold out at this stop by the owner's list, and the first time offered as "as soon as possible"
        const marks = Object.fromEntries(answer.menu.map((item) => [item.name, item.soldOut]));
        expect(marks).toMatchObject({ 'Park Cocoa': false, 'Park Mocha': true, 'Park Chai': true });
        expect(answer.slots.length).toBeGreaterThan(0);
        expect(answer.asap?.slotStart).toBe(answer.slots[0].start);
        // the same answer (its "ready about" is the lead time from the moment each was read)
        expect(dataBlocks(res.text)).toEqual([
          { page: 'stop', ...answer, asap: { slotStart: answer.slots[0].start, estimate: expect.any(String) }, shop: DEMO_SHOP_IDENTITY },
        ]);
        expect(rendered(res.text)).toEqual({
          page: 'stop',
          url: `/stops/${stopId}`,
          names: [
            'Lincoln Park',
            ...answer.menu.map((item) => item.name + (item.soldOut ? ' (sold out)' : '')),
            `first ${answer.slots[0].start}, ${answer.slots[0].left} left`,
          ],
        });
        // a trailing slash is the same page
        expect(rendered((await t.agent().get(`/stops/${stopId}/`)).text)?.url).toBe(`/stops/${stopId}`);
      });

      it('is read for each request, never kept: a place taken by an order (a write that leaves the kept answers) shows at once', async () => {
        const before = await pickup();
        const first = before.slots[0];
        const page = async () => dataBlocks((await t.agent().get(`/stops/${stopId}`)).text)[0] as { slots: StopPickup['slots'] };
        expect((await page()).slots[0]).toEqual(first);
        const cocoa = menu[0];
        const totals = priceOrder({
          lines: [{ price: cocoa.price, quantity: 1 }],
          place: { country: 'US' },
          pickup: true,
          settings: MONEY_SETTINGS_DEFAULTS,
          tipCents: 0,
        });
        const paid = await t
          .agent()
          .post('/api/square/checkout/complete')
          .send({
            sourceId: 'cnon:card-nonce-ok',
            amount: totals.total / 100,
            shippingCost: 0,
            taxAmount: totals.tax / 100,
            tipAmount: 0,
            cartItems: [{ id: cocoa.id, name: cocoa.name, price: cocoa.price, quantity: 1 }],
            pickup: { stopId, slotStart: first.start, name: 'Ada', email: 'ada@example.com' },
            idempotencyKey: newIdempotencyKey(),
          });
        expect(paid.status).toBe(200);
        const after = (await page()).slots.find((slot) => slot.start === first.start);
        expect(after?.left ?? 0).toBe(first.left - 1);
        expect((await page()).slots).toEqual((await pickup()).slots);
      });

      it('a stop that does not exist, or a path that is no stop id, is a 404 with the plain shell', async () => {
        for (const path of ['/stops/999999', '/stops/abc', '/stops/01', '/stops/0', '/stops/99999999999', '/stops/%E0%A4%A']) {
          const missing = await t.agent().get(path);
          expect({ path, status: missing.status }).toEqual({ path, status: 404 });
          expect(missing.text).toBe(INDEX_HTML);
        }
      });
    });

    it('escapes what the owner typed, and follows a change at once (the kept page is forgotten)', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const name = 'Fudge </script><script>alert(1)</script> & "Friends" <!--';
      const before = await t.agent().get('/products');
      const created = await admin.post('/api/products').send({ name, subtitle: '<b>rich</b>', price: 12.5, categoryId: null });
      expect(created.status).toBe(201);
      try {
        const res = await t.agent().get('/products');
        // the data block and the structured data, each closed where the server closed it
        expect(res.text.match(/<\/script>/g)).toHaveLength(2);
        const ld = JSON.parse(STRUCTURED_DATA.exec(res.text)![0].replace(/^<script[^>]*>|<\/script>$/g, '')) as { '@graph': Array<{ name: string }> };
        expect(ld['@graph'].map((node) => node.name)).toContain('Fudge </script><script>alert(1)</script> & "Friends" <!--');
        expect(res.text).not.toContain('<script>alert(1)');
        expect(rendered(res.text)?.names).toContain('Fudge &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Friends&quot; &lt;!--');
        const [data] = dataBlocks(res.text);
        expect(data.page === 'products' && data.products.find((p) => p.id === created.body.id)?.name).toBe(name);
        expect(rendered(before.text)?.names).toHaveLength((rendered(res.text)?.names.length ?? 0) - 1);

        const page = await t.agent().get(`/products/${created.body.slug}`);
        expect(rendered(page.text)?.names).toEqual(['Fudge &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Friends&quot; &lt;!--']);
        expect((await admin.patch(`/api/products/${created.body.id}`).send({ price: 9.75, name: 'Fudge Cocoa' })).status).toBe(200);
        const renamed = await t.agent().get(`/products/${created.body.slug}`);
        expect(rendered(renamed.text)?.names).toEqual(['Fudge Cocoa']);
        const [after] = dataBlocks(renamed.text);
        expect(after.page === 'product' && after.product.price).toBe(9.75);
      } finally {
        expect((await admin.delete(`/api/products/${created.body.id}`)).status).toBe(204);
      }
      expect((await t.agent().get('/products')).text).not.toContain('Fudge');
      expect((await t.agent().get(`/products/${created.body.slug}`)).status).toBe(404);
    });

    it('follows a change of the stops at once', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const timeZone = await zone();
      await t.agent().get('/cocoa-tracker');
      await t.agent().get('/events');
      const noon = new Date(startOfDayIn(new Date(), timeZone).getTime() + 12 * 3600_000).toISOString();
      const created = await admin.post('/api/events').send({
        title: 'Pop-up at the Library',
        location: 'Central Library',
        address: '400 S State St, Chicago, IL',
        date: noon,
        startTime: '10:00',
        endTime: '14:00',
        latitude: 41.876,
        longitude: -87.628,
      });
      expect(created.status).toBe(201);
      try {
        expect(rendered((await t.agent().get('/cocoa-tracker')).text)?.names).toContain('Pop-up at the Library');
        expect(rendered((await t.agent().get('/events')).text)?.names).toContain('Pop-up at the Library');
      } finally {
        expect((await admin.delete(`/api/events/${created.body.id}`)).status).toBe(204);
      }
      expect((await t.agent().get('/cocoa-tracker')).text).not.toContain('Pop-up at the Library');
    });

    it('is gzipped for browsers that accept it: with its answers it is larger than a first round trip carries', async () => {
      const zipped = await t.agent().get('/products').set('Accept-Encoding', 'gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      const plain = await t.agent().get('/products').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(zipped.text);
      expect(Number(plain.headers['content-length'])).toBeGreaterThan(Number(zipped.headers['content-length']));
    });

    it('keeps the content security policy: no inline script is allowed, the data block is not executed', async () => {
      const res = await t.agent().get('/cocoa-tracker');
      const scriptSrc = res.headers['content-security-policy'].split(';').find((d: string) => d.trim().startsWith('script-src'));
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(res.text).toMatch(/<script type="application\/json" id="first-screen-data">/);
    });

    it('is absent from every other page', async () => {
      for (const path of ['/about', '/orders', '/productsx', '/no/such/page', '/cocoa-tracker/x']) {
        const res = await t.agent().get(path);
        expect({ path, blocks: dataBlocks(res.text).length, rendered: rendered(res.text), css: res.text.includes('start-abc123.css') }).toEqual({
          path,
          blocks: 0,
          rendered: null,
          css: false,
        });
      }
    });
  });

  it('the server entry cannot be downloaded: it is not in the served folder', async () => {
    for (const path of ['/first-screens.cjs', '/dist-server/first-screens.cjs', `/../${basename(dist)}-server/first-screens.cjs`]) {
      const res = await t.agent().get(path);
      expect(res.text).not.toContain('renderFirstScreen');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await t.agent().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.agent().get('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('never answers /api or /uploads with the shell', async () => {
    const api = await t.agent().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.message).toBe('Not found');
    const missingUpload = await t.agent().get('/uploads/products/missing.png');
    expect(missingUpload.status).toBe(404);
    expect(missingUpload.text).not.toContain('<html>');
    const upload = await t.agent().get('/uploads/products/cup.png');
    expect(upload.status).toBe(200);
    expect(upload.headers['cache-control']).toBe('public, max-age=300');
  });

  it('sends security headers with a policy that allows Square and the tile host', async () => {
    const res = await t.agent().get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://web.squarecdn.com');
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers, fresh and replayed from the cache, a policy that allows nothing to run or frame them', async () => {
    for (const path of ['/api/square/catalog/products', '/api/square/catalog/products', '/api/nothing-here']) {
      const res = await t.agent().get(path);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Headers that only steer a document are not sent with data.
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-xss-protection', 'x-dns-prefetch-control'])
        expect(res.headers[documentOnly]).toBeUndefined();
    }
  });
});

describe('StaticShell', () => {
  const dist = mkdtempSync(join(tmpdir(), 'cocoa-shell-'));
  const data: FirstScreenData = {
    page: 'products',
    categories: [{ id: 1, name: 'Hot Cocoa', slug: 'hot-cocoa', description: null, imageUrl: null }],
    products: [
      {
        id: 1,
        name: 'Odd Price',
        slug: 'odd-price',
        subtitle: null,
        description: null,
        price: Number.NaN,
        imageUrl: null,
        hotImageUrl: null,
        icedImageUrl: null,
        shakeImageUrl: null,
        featuredImageUrl: null,
        backgroundImageUrl: null,
        categoryId: 1,
        inStock: false,
        featured: false,
        variationId: null,
        onlyLeft: null,
      },
    ],
  };
  const source = {};
  const loaded = { source, variant: '', url: '/products', data };
  const counting = (): FirstScreenRenderer & { calls: string[] } => {
    const calls: string[] = [];
    return { calls, renderFirstScreen: (url) => (calls.push(url), `<p>${url}</p>`) };
  };
  beforeAll(() => {
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeStylesheets(dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('renders a page once per answers and variant, again when the answers are new ones', async () => {
    const renderer = counting();
    const shell = new StaticShell(dist, renderer);
    expect((await shell.firstScreen(async () => loaded)).html).toContain('<div id="root" data-server-rendered><p>/products</p></div><script');
    await shell.firstScreen(async () => loaded);
    await shell.firstScreen(async () => ({ ...loaded, variant: 'hot-cocoa', url: '/products?category=hot-cocoa' }));
    expect(renderer.calls).toEqual(['/products', '/products?category=hot-cocoa']);
    await shell.firstScreen(async () => ({ ...loaded, source: {} }));
    expect(renderer.calls).toEqual(['/products', '/products?category=hot-cocoa', '/products']);
  });

  it("an index.html without the first screen's marks (an older build) gets the data block alone, never markup beside its own", async () => {
    const old = '<html><head></head><body><div id="root"><header>bar</header><main class="boot"></main></div></body></html>';
    writeFileSync(join(dist, 'index.html'), old);
    try {
      const { status, html } = await new StaticShell(dist, counting()).firstScreen(async () => loaded);
      expect(status).toBe(200);
      expect(html).not.toContain('<p>/products</p>');
      expect(html).not.toContain('data-server-rendered');
      expect(html).toContain('<div id="root"><header>bar</header><main class="boot"></main></div>');
      expect(dataBlocks(html)).toEqual([JSON.parse(JSON.stringify(data))]);
    } finally {
      writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    }
  });

  it("takes each page's stylesheets from the list the PWA's build writes, by page name; a page it does not list gets its data alone", async () => {
    const own = (page: string) => ['assets/start-abc123.css', `assets/${page}-own.css`];
    writeStylesheets(dist, { ...Object.fromEntries(Object.keys(FIRST_SCREENS).map((page) => [page, own(page)])), tracker: undefined });
    try {
      const shell = new StaticShell(dist, counting());
      for (const page of Object.keys(FIRST_SCREENS) as FirstScreenPage[]) {
        const { html } = await shell.firstScreen(async () => ({ ...loaded, data: { ...data, page } as FirstScreenData }));
        if (page === 'tracker') {
          expect({ page, styled: html.includes('stylesheet'), rendered: html.includes('data-server-rendered'), blocks: dataBlocks(html).length }).toEqual({
            page,
            styled: false,
            rendered: false,
            blocks: 1,
          });
        } else {
          expect({ page, links: html.slice(html.indexOf('</title>') + 8, html.indexOf('</head>')) }).toEqual({
            page,
            links: own(page)
              .map((file) => `<link rel="stylesheet" href="/${file}">`)
              .join(''),
          });
          expect(html).toContain('<div id="root" data-server-rendered><p>/products</p></div>');
        }
      }
    } finally {
      writeStylesheets(dist);
    }
  });

  it("without the server entry, the page's stylesheets (not listed by the PWA's build) or a render, sends the data alone; the plain shell when the answers cannot be read", async () => {
    const noRenderer = await new StaticShell(dist, null).firstScreen(async () => loaded);
    const failing = await new StaticShell(dist, {
      renderFirstScreen: () => {
        throw new Error('window is not defined');
      },
    }).firstScreen(async () => loaded);
    rmSync(join(dist, '.vite'), { recursive: true });
    const unstyled = await new StaticShell(dist, counting()).firstScreen(async () => loaded);
    for (const { status, html } of [noRenderer, failing, unstyled]) {
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"><!--first-screen--><header>bar</header><main class="boot"></main><!--/first-screen--></div>');
      expect(html).not.toContain('stylesheet');
      expect(dataBlocks(html)).toEqual([JSON.parse(JSON.stringify(data))]);
    }
    const shell = new StaticShell(dist, counting());
    expect(await shell.firstScreen(() => Promise.reject(new Error('database down')))).toEqual({ status: 200, html: INDEX_HTML });
    expect(await shell.firstScreen(async () => null)).toEqual({ status: 404, html: INDEX_HTML });
  });
});
