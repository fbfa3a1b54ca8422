import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CatalogueFirstScreenData, type Category, formatPrice, type Product } from '@cocoa/shared-types';
import { StaticShell } from './static-shell';
import { startTestApp, TEST_ADMIN, type TestApp } from './test/test-app';

const INDEX_HTML =
  '<html><head><title>Cocoa</title></head><body><div id="root"><header>bar</header><!--home-only--><section>HERO</section><!--/home-only-->' +
  '<template data-route="/cocoa-tracker" data-page="src/features/tracker/pages/cocoa-tracker-page.tsx"><h1>TRACKER</h1></template>' +
  '<template data-route="/events" data-page="src/features/events/pages/not-built.tsx"><h1>EVENTS</h1></template></div></body></html>';
/** What Vite's manifest says about the products page: its stylesheet comes with the start-up chunk it imports. */
const VITE_MANIFEST = {
  'src/features/catalogue/pages/products-page.tsx': { file: 'assets/products-page-p1.js', imports: ['src/app/start.tsx', '_money-m1.js'] },
  'src/app/start.tsx': { file: 'assets/start-s1.js', imports: ['_money-m1.js'], css: ['assets/start-abc123.css'] },
  '_money-m1.js': { file: 'assets/money-m1.js' },
  'src/features/tracker/pages/cocoa-tracker-page.tsx': { file: 'assets/cocoa-tracker-page-t1.js', imports: ['src/app/start.tsx'], css: ['assets/cocoa-tracker-page-t1.css'] },
};
const DATA_BLOCK = /<script type="application\/json" id="catalogue-first-screen">([\s\S]*?)<\/script>/g;

/** The inlined catalogue data blocks of a page, parsed. */
function dataBlocks(html: string): CatalogueFirstScreenData[] {
  return [...html.matchAll(DATA_BLOCK)].map((m) => JSON.parse(m[1]) as CatalogueFirstScreenData);
}
const productNames = (html: string) => [...html.matchAll(/class="product-entry__name">([^<]*)/g)].map((m) => m[1]);
const groupHeadings = (html: string) => [...html.matchAll(/<h2 id="group-[^"]*">([^<]*)<\/h2>/g)].map((m) => m[1]);

/** The API serves the built PWA: assets cached for a year, client routes get the app shell, /api and /uploads never do. */
describe('serving the built PWA', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'cocoa-dist-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(VITE_MANIFEST));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.x=1');
    t = await startTestApp({ PWA_DIST: dist });
    mkdirSync(join(t.config.uploadsDir, 'products'), { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'products', 'cup.png'), 'png-bytes');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the home page with the full static first screen', async () => {
    const res = await t.agent().get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('HERO');
  });

  it('answers client routes with the shell minus the home-only hero', async () => {
    for (const path of ['/products', '/products/classic-dark-hot-cocoa', '/cocoa-tracker', '/orders', '/admin', '/auth?redirect=/orders', '/account/', '/Products']) {
      const res = await t.agent().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.text).toContain('<header>bar</header>');
      expect(res.text).not.toContain('HERO');
    }
  });

  it('answers unknown URLs 404 with the app shell, which shows the app’s 404 page', async () => {
    for (const path of ['/no/such/page', '/productsx', '/products/a/b', '/cocoa-tracker/x', '/admin/settings', '/wp-login.php', '/.env', '/no%20such?x=1']) {
      const res = await t.agent().get(path).set('Accept', 'text/html');
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<header>bar</header>');
      expect(res.text).not.toContain('HERO');
    }
    const zipped = await t.agent().get('/no/such/page').set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(404);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.text).toContain('<header>bar</header>');
    expect((await t.agent().head('/no/such/page')).status).toBe(404);
    // the service worker's offline fallback and the PWA's own files are still served
    expect((await t.agent().get('/sw.js')).status).toBe(200);
  });

  describe('/products', () => {
    const catalogue = async () => ({
      products: (await t.agent().get('/api/square/catalog/products')).body as Product[],
      categories: (await t.agent().get('/api/square/catalog/categories')).body as Category[],
    });

    it('paints the catalogue from the HTML: grouped list, featured first then by name, prices in dollars, with the app stylesheet', async () => {
      const res = await t.agent().get('/products');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).not.toContain('HERO');
      expect(res.text).toContain('<header>bar</header>');
      // the static list uses the app's classes: its stylesheet must apply before the first paint
      expect(res.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"></head>');
      expect(res.text).toContain('<h1>Our Products</h1>');
      expect(res.text).toContain('<label for="category-select">Select Category</label>');

      const { products, categories } = await catalogue();
      expect(groupHeadings(res.text)).toEqual(categories.filter((c) => products.some((p) => p.categoryId === c.id)).map((c) => c.name));
      const hotCocoa = categories.find((c) => c.slug === 'hot-cocoa')!;
      const hot = products.filter((p) => p.categoryId === hotCocoa.id);
      const listed = productNames(res.text);
      expect(listed).toHaveLength(products.length);
      // within the first group: featured first, then by name (the API's list order)
      expect(listed.slice(0, hot.length)).toEqual(hot.map((p) => p.name));
      expect(hot.some((p) => p.featured)).toBe(true);
      expect(res.text).toContain(`<p class="muted">${hotCocoa.description}</p>`);
      for (const p of products) {
        expect(res.text).toContain(`<a href="/products/${p.slug}" class="product-entry__link">`);
        expect(res.text).toContain(`<span class="product-entry__price">${formatPrice(p.price)}</span>`);
      }
    });

    it('inlines exactly what the two catalogue calls answer, for the app to render without them', async () => {
      const res = await t.agent().get('/products');
      expect(dataBlocks(res.text)).toEqual([await catalogue()]);
    });

    it('lists only the category the query names, flat; an unknown one shows everything; HEAD answers too', async () => {
      const { products, categories } = await catalogue();
      const iced = categories.find((c) => c.slug === 'iced-cocoa')!;
      const res = await t.agent().get('/products?category=iced-cocoa');
      expect(res.text).toContain('<ul class="product-list product-list--two-columns"');
      expect(groupHeadings(res.text)).toEqual([]);
      expect(productNames(res.text)).toEqual(products.filter((p) => p.categoryId === iced.id).map((p) => p.name));
      expect(res.text).toContain('<option value="iced-cocoa" selected>Iced Cocoa</option>');
      expect(dataBlocks(res.text)).toEqual([{ products, categories }]);

      const unknown = await t.agent().get('/products?category=no-such-thing');
      expect(productNames(unknown.text)).toHaveLength(products.length);
      const trailingSlash = await t.agent().get('/products/');
      expect(dataBlocks(trailingSlash.text)).toHaveLength(1);
      const head = await t.agent().head('/products');
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    });

    it('escapes what the owner typed and follows catalogue changes at once', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const name = 'Fudge </script><script>alert(1)</script> & "Friends" <!--';
      const created = await admin.post('/api/products').send({ name, subtitle: '<b>rich</b>', price: 12.5, categoryId: null });
      expect(created.status).toBe(201);
      try {
        const res = await t.agent().get('/products');
        // one data block, closed where the server closed it; the markup shows the text, not tags
        expect(res.text.match(/<\/script>/g)).toHaveLength(1);
        expect(res.text).not.toContain('<script>alert(1)');
        expect(res.text).toContain('Fudge &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Friends&quot; &lt;!--');
        expect(res.text).toContain('&lt;b&gt;rich&lt;/b&gt;');
        // an uncategorised product goes under 'All Products' with the shared subtitle
        expect(groupHeadings(res.text).at(-1)).toBe('All Products');
        const [data] = dataBlocks(res.text);
        expect(data.products.find((p) => p.id === created.body.id)?.name).toBe(name);
        expect(data).toEqual(await catalogue());

        const repriced = await admin.patch(`/api/products/${created.body.id}`).send({ price: 9.75 });
        expect(repriced.status).toBe(200);
        const after = await t.agent().get('/products');
        expect(dataBlocks(after.text)[0].products.find((p) => p.id === created.body.id)?.price).toBe(9.75);
        expect(after.text).toContain('<span class="product-entry__price">$9.75</span>');
      } finally {
        expect((await admin.delete(`/api/products/${created.body.id}`)).status).toBe(204);
      }
      const gone = await t.agent().get('/products');
      expect(gone.text).not.toContain('Fudge');
      expect(groupHeadings(gone.text)).not.toContain('All Products');
    });

    it('is gzipped for browsers that accept it: with the catalogue it is larger than a first round trip carries', async () => {
      const zipped = await t.agent().get('/products').set('Accept-Encoding', 'gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      const plain = await t.agent().get('/products').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(zipped.text);
      expect(Number(plain.headers['content-length'])).toBeGreaterThan(Number(zipped.headers['content-length']));
    });

    it('keeps the content security policy: no inline script is allowed, the data block is not executed', async () => {
      const res = await t.agent().get('/products');
      const scriptSrc = res.headers['content-security-policy'].split(';').find((d: string) => d.trim().startsWith('script-src'));
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(res.text).toMatch(/<script type="application\/json" id="catalogue-first-screen">/);
    });

    it('is absent from every other page', async () => {
      expect(dataBlocks((await t.agent().get('/cocoa-tracker')).text)).toEqual([]);
      for (const path of ['/', '/products/classic-dark-hot-cocoa', '/productsx', '/no/such/page']) {
        const res = await t.agent().get(path);
        expect({ path, blocks: dataBlocks(res.text).length, names: productNames(res.text).length, css: res.text.includes('start-abc123.css') }).toEqual({ path, blocks: 0, names: 0, css: false });
      }
    });
  });

  it('unwraps a route template of index.html on its route only, with the stylesheets of that page', async () => {
    const tracker = await t.agent().get('/cocoa-tracker');
    expect(tracker.text).toContain('<header>bar</header><h1>TRACKER</h1></div>');
    expect(tracker.text).toContain('<link rel="stylesheet" href="/assets/start-abc123.css"><link rel="stylesheet" href="/assets/cocoa-tracker-page-t1.css"></head>');
    expect(tracker.text).not.toContain('HERO');
    expect(tracker.text).not.toContain('<template');
    for (const path of ['/', '/products', '/cocoa-tracker/x', '/events', '/about']) {
      const res = await t.agent().get(path);
      expect({ path, tracker: res.text.includes('TRACKER'), template: res.text.includes('<template'), css: res.text.includes('cocoa-tracker-page-t1.css') }).toEqual({ path, tracker: false, template: false, css: false });
    }
    // a template whose page the build does not know has no stylesheet: the route gets the plain shell
    expect((await t.agent().get('/events')).text).not.toContain('EVENTS');
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
    expect(upload.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends security headers with a policy that allows Square and the tile host', async () => {
    const res = await t.agent().get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://web.squarecdn.com');
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('StaticShell', () => {
  const dist = mkdtempSync(join(tmpdir(), 'cocoa-shell-'));
  const data: CatalogueFirstScreenData = {
    categories: [{ id: 1, name: 'Hot Cocoa', slug: 'hot-cocoa', description: null, imageUrl: null }],
    products: [
      { id: 1, name: 'Odd Price', slug: 'odd-price', subtitle: null, description: null, price: Number.NaN, imageUrl: null, hotImageUrl: null, icedImageUrl: null, shakeImageUrl: null, featuredImageUrl: null, backgroundImageUrl: null, categoryId: 1, inStock: false, featured: false, variationId: null, onlyLeft: null },
    ],
  };
  beforeAll(() => writeFileSync(join(dist, 'index.html'), INDEX_HTML));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('shows what the app shows for an odd product: shared subtitle, Out of Stock, Price unavailable', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(VITE_MANIFEST));
    const html = await new StaticShell(dist).products('/products', async () => data);
    expect(html).toContain('<span class="product-entry__subtitle">Classic Cocoa Mix</span>');
    expect(html).toContain('Out of Stock');
    expect(html).toContain('<span class="product-entry__price">Price unavailable</span>');
    expect(html).not.toContain('class="badge"');
    const empty = await new StaticShell(dist).products('/products', async () => ({ products: [], categories: [] }));
    expect(empty).toContain('<h2>No products found</h2><p>Try selecting a different category</p>');
    rmSync(join(dist, '.vite'), { recursive: true });
  });

  it('without the app stylesheet sends only the data (an unstyled list would flash), and the plain shell when the catalogue cannot be read', async () => {
    const shell = new StaticShell(dist);
    const html = await shell.products('/products', async () => data);
    expect(productNames(html)).toEqual([]);
    expect(html).toContain('<header>bar</header>');
    expect(html).not.toContain('HERO');
    expect(dataBlocks(html)).toHaveLength(1);
    expect(await shell.products('/products', () => Promise.reject(new Error('database down')))).toBe(shell.deepLink);
  });
});
