import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_SHOP_IDENTITY, type ShopIdentityInput, shopIdentitySchema, shopIdentitySettingsSchema } from '@cocoa/shared-types';
import { checkoutBody, insertCheckoutProducts, SHIPPING } from '../orders/orders.fixtures';
import { TEST_ADMIN, useTestAppServing } from '../test/test-app';
import { ShopIdentityService } from './shop-identity.service';

const IDENTITY = '/api/settings/shop-identity';

/** The owner's shop: no part of it is the demo's (no "555" number, no cocoashop.example, no Cocoa Lane). */
const OWNERS: ShopIdentityInput = {
  name: 'Ruth’s Mill Cocoa',
  logo: '/uploads/products/ruth-logo.png',
  street: '42 Mill Road',
  city: 'Peoria',
  region: 'IL',
  postcode: '61602',
  country: 'US',
  phone: '(309) 231-4477',
  email: 'ruth@ruthsmill.com',
  hours: 'Mon–Fri 8 am–4 pm\nSat 9 am–1 pm',
  socialLinks: ['https://instagram.com/ruthsmill'],
};

/** What a customer-facing answer must never carry once the owner has set the identity. */
function expectNoDemoValue(text: string): void {
  expect(text).not.toContain('1200 Cocoa Lane');
  expect(text).not.toContain('cocoashop.example');
  expect(text).not.toContain('555');
}

const INDEX_HTML =
  '<html><head><title>Cocoa Shop — Artisanal Cocoa Mixes</title><meta name="apple-mobile-web-app-title" content="Cocoa Shop" /></head>' +
  '<body><div id="root"><!--first-screen--><header class="boot__bar">Cocoa Shop</header><main class="boot__main"></main><!--/first-screen--></div></body></html>';
const BUILT_MANIFEST = {
  id: '/',
  name: 'Cocoa Shop — Artisanal Cocoa Mixes',
  short_name: 'Cocoa Shop',
  start_url: '/',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
};
const LD_JSON = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/;

/**
 * The shop's identity as the owner sets it in Admin → Settings: checked by the shared schema (a
 * 400 changes nothing), then shown by every customer-facing answer (GET /api/shop, the e-mails,
 * the manifest, the server-painted pages and their structured data, the calendar feed).
 */
describe('the shop identity (Admin → Settings)', () => {
  const { t } = useTestAppServing((dist) => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify(BUILT_MANIFEST));
  });

  const identityRows = () => t.dataSource.query(`SELECT key, value FROM settings WHERE key LIKE 'SHOP\\_%' ORDER BY key`);

  it('is the demo shop until the owner sets it, and the admin is told so', async () => {
    const shop = shopIdentitySchema.parse((await t.agent().get('/api/shop').expect(200)).body);
    expect(shop).toEqual(DEMO_SHOP_IDENTITY);
    expect(await t.app.get(ShopIdentityService).isSet()).toBe(false);
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const view = shopIdentitySettingsSchema.parse((await admin.get(IDENTITY).expect(200)).body);
    expect(view.saved).toMatchObject({ name: '', street: '', phone: '', email: '', socialLinks: [] });
    expect(view.identity.isSet).toBe(false);
  });

  it('is written by admins only', async () => {
    await t.agent().put(IDENTITY).send(OWNERS).expect(401);
    await t.agent().get(IDENTITY).expect(401);
    expect(await identityRows()).toEqual([]);
  });

  it.each([
    ['a phone no one can call', { phone: '0142' }, 'phone'],
    ['an e-mail without a domain', { email: 'ruth@' }, 'e-mail'],
    ['a social link over http', { socialLinks: ['http://instagram.com/ruthsmill'] }, 'https://'],
    ['a logo that is not an uploaded image', { logo: 'https://elsewhere.example/logo.png' }, 'uploaded images'],
    ['a country the shop does not know', { country: 'FR' }, 'country'],
    ['a field the form does not have', { slogan: 'Best cocoa' }, ''],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, 'Shop name'],
  ])('refuses %s with a 400 and a message, changing nothing', async (_what, change, words) => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await admin
      .put(IDENTITY)
      .send({ ...OWNERS, ...change })
      .expect(400);
    expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    expect(res.body.message.toLowerCase()).toContain(words.toLowerCase());
    expect(await identityRows()).toEqual([]);
  });

  describe('once the owner has set it', () => {
    beforeAll(async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await admin.put(IDENTITY).send(OWNERS).expect(200);
      expect(shopIdentitySettingsSchema.parse(res.body).identity.isSet).toBe(true);
    });

    it('is what GET /api/shop answers, the phone kept in E.164 and shown as people read it', async () => {
      const res = await t.agent().get('/api/shop').expect(200);
      expect(shopIdentitySchema.parse(res.body)).toEqual({
        name: 'Ruth’s Mill Cocoa',
        logo: '/uploads/products/ruth-logo.png',
        address: { street: '42 Mill Road', city: 'Peoria', region: 'IL', postcode: '61602', country: 'US' },
        addressLines: ['42 Mill Road', 'Peoria, IL 61602'],
        phone: '(309) 231-4477',
        phoneUri: 'tel:+13092314477',
        email: 'ruth@ruthsmill.com',
        hours: 'Mon–Fri 8 am–4 pm\nSat 9 am–1 pm',
        socialLinks: ['https://instagram.com/ruthsmill'],
        isSet: true,
      });
      expect(await t.dataSource.query(`SELECT value FROM settings WHERE key = 'SHOP_PHONE'`)).toEqual([{ value: '+13092314477' }]);
      expectNoDemoValue(res.text);
    });

    it('signs and fills the order e-mail', async () => {
      const f = await insertCheckoutProducts(t.dataSource);
      const buyer = t.agent();
      const body = checkoutBody(f, { shippingData: { ...SHIPPING, phone: '(217) 234-9876', email: 'identity.buyer@example.com' } });
      await buyer.post('/api/square/checkout/complete').send(body).expect(200);
      await t.mailWritten();
      const [mail] = await t.dataSource.query(
        `SELECT subject, body_text, body_html FROM mail_outbox WHERE recipient = 'identity.buyer@example.com' AND template = 'order-confirmation'`,
      );
      expect(mail.body_text).toContain('Ruth’s Mill Cocoa');
      expect(mail.body_text).toContain('42 Mill Road');
      expect(mail.body_text).toContain('Peoria, IL 61602');
      expect(mail.body_text).toContain('(309) 231-4477');
      expect(mail.body_html).toContain('http://localhost:3000/uploads/products/ruth-logo.png');
      // The e-mails keep printing the mailbox the shop reads (CONTACT_TO), so replies reach it.
      expect(mail.body_text).toContain(t.config.CONTACT_TO);
      expectNoDemoValue(`${mail.subject}\n${mail.body_text}\n${mail.body_html}`);
    });

    it("names the web app manifest after the shop, the owner's logo first among its icons", async () => {
      const res = await t.agent().get('/manifest.webmanifest').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(res.text);
      expect(manifest).toMatchObject({ id: '/', start_url: '/', name: 'Ruth’s Mill Cocoa', short_name: 'Ruth’s Mill Cocoa' });
      expect(manifest.icons).toEqual([{ src: '/uploads/products/ruth-logo.png', sizes: 'any', type: 'image/png', purpose: 'any' }, ...BUILT_MANIFEST.icons]);
      expectNoDemoValue(res.text);
    });

    it('paints the pages with the shop’s name and its schema.org business, as data no CSP blocks', async () => {
      const res = await t.agent().get('/contact').expect(200);
      expect(res.text).toContain('<title>Ruth’s Mill Cocoa — Artisanal Cocoa Mixes</title>');
      expect(res.text).toContain('<header class="boot__bar">Ruth’s Mill Cocoa</header>');
      const ld = JSON.parse(LD_JSON.exec(res.text)![1]);
      expect(ld['@context']).toBe('https://schema.org');
      expect(ld['@graph'][0]).toEqual({
        '@type': 'FoodEstablishment',
        '@id': 'http://localhost:3000/#shop',
        name: 'Ruth’s Mill Cocoa',
        url: 'http://localhost:3000/',
        logo: 'http://localhost:3000/uploads/products/ruth-logo.png',
        image: 'http://localhost:3000/uploads/products/ruth-logo.png',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '42 Mill Road',
          addressLocality: 'Peoria',
          addressRegion: 'IL',
          postalCode: '61602',
          addressCountry: 'US',
        },
        telephone: '+13092314477',
        email: 'ruth@ruthsmill.com',
        openingHours: 'Mon–Fri 8 am–4 pm\nSat 9 am–1 pm',
        sameAs: ['https://instagram.com/ruthsmill'],
      });
      expectNoDemoValue(LD_JSON.exec(res.text)![1]);
    });

    it('lists the products with their offers on the catalogue page', async () => {
      const res = await t.agent().get('/products').expect(200);
      const graph = JSON.parse(LD_JSON.exec(res.text)![1])['@graph'] as Array<Record<string, unknown>>;
      const products = graph.filter((node) => node['@type'] === 'Product');
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.offers).toMatchObject({
          '@type': 'Offer',
          priceCurrency: 'USD',
          price: expect.stringMatching(/^\d+\.\d{2}$/),
          availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
        });
      }
    });

    it('names the published calendar feed after the shop', async () => {
      const res = await t.agent().get('/api/events/calendar.ics').expect(200);
      expect(res.text).toContain('X-WR-CALNAME:Ruth’s Mill Cocoa events');
    });

    it('goes back to the demo value of a field the owner clears', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await admin
        .put(IDENTITY)
        .send({ ...OWNERS, hours: '', socialLinks: [] })
        .expect(200);
      const view = shopIdentitySettingsSchema.parse(res.body);
      expect(view.saved.hours).toBe('');
      expect(view.identity.hours).toBe(DEMO_SHOP_IDENTITY.hours);
      expect(view.identity.isSet).toBe(true);
      expect((await t.agent().get('/api/shop').expect(200)).body.socialLinks).toEqual([]);
    });
  });
});
