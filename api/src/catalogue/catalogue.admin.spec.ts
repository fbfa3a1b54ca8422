import { adminProductSchema, type Category, type Product, productSchema } from '@cocoa/shared-types';
import type supertest from 'supertest';
import { TEST_ADMIN, useTestApp } from '../test/test-app';

type Agent = ReturnType<typeof supertest.agent>;

const newProduct = (over: Record<string, unknown> = {}) => ({
  name: 'Hazelnut Hot Cocoa',
  subtitle: 'Toasted Piedmont hazelnuts',
  description: 'Creamy and nutty.',
  price: 15.25,
  imageUrl: '/images/products/cocoa-hot.svg',
  ...over,
});

describe('admin catalogue calls', () => {
  const t = useTestApp();
  let admin: Agent;
  let customer: Agent;
  let hotCocoa: Category;

  /** Every catalogue row, to prove a refused request changed nothing. */
  const snapshot = async () => ({
    products: await t.dataSource.query('SELECT * FROM products ORDER BY id'),
    categories: await t.dataSource.query('SELECT * FROM categories ORDER BY id'),
  });

  /** An it.each body: the admin's `body`, sent as raw JSON to `path`, is refused with 400 and a message, and no catalogue row changes. */
  const refusedRaw = (method: 'post' | 'patch', path: string) => async (_label: string, body: unknown) => {
    const before = await snapshot();
    const res = await admin[method](path).set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    customer = t.agent();
    const registered = await customer.post('/api/register').send({ username: 'shopper', email: 'shopper@example.com', password: 'shopper-pass-1' });
    expect(registered.status).toBe(201);
    hotCocoa = ((await t.agent().get('/api/categories')).body as Category[]).find((c) => c.slug === 'hot-cocoa')!;
  });

  describe('guards', () => {
    const calls: Array<[string, string, object?]> = [
      ['get', '/api/products'],
      ['post', '/api/products', newProduct()],
      ['patch', '/api/products/1', { price: 1 }],
      ['delete', '/api/products/1'],
      ['post', '/api/categories', { name: 'Gift Sets' }],
      ['patch', '/api/categories/1', { name: 'Renamed' }],
      ['delete', '/api/categories/1'],
    ];

    it('answers 401 with a message to anonymous callers and changes nothing', async () => {
      const before = await snapshot();
      for (const [method, path, body] of calls) {
        const req = (t.agent() as unknown as Record<string, (p: string) => supertest.Test>)[method](path);
        const res = body ? await req.send(body) : await req;
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
        expect(res.body.message).toEqual(expect.any(String));
      }
      // a malformed body or id still answers 401 first: nothing about the route leaks
      expect((await t.agent().patch('/api/products/abc').send([1])).status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 403 with a message to a signed-in customer and changes nothing', async () => {
      const before = await snapshot();
      for (const [method, path, body] of calls) {
        const req = (customer as unknown as Record<string, (p: string) => supertest.Test>)[method](path);
        const res = body ? await req.send(body) : await req;
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
        expect(res.body.message).toBe('Admin access required');
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('products', () => {
    it('lists every product for the admin with paging and search, never cached', async () => {
      const all = await admin.get('/api/products');
      expect(all.status).toBe(200);
      expect(all.headers['cache-control']).toBe('private, no-store');
      const publicList = (await t.agent().get('/api/square/catalog/products')).body as Product[];
      expect((all.body as Product[]).map((p) => p.id)).toEqual(publicList.map((p) => p.id));

      const page = await admin.get('/api/products?limit=2&offset=1');
      expect(page.status).toBe(200);
      expect((page.body as Product[]).map((p) => p.id)).toEqual(publicList.slice(1, 3).map((p) => p.id));

      const found = await admin.get('/api/products').query({ search: 'SHAKE' });
      expect((found.body as Product[]).map((p) => p.slug).sort()).toEqual([
        'double-chocolate-cocoa-shake',
        'malted-milk-cocoa-shake',
        'peanut-butter-cocoa-shake',
      ]);
      // LIKE wildcards are searched for literally: only the '72%' subtitle has a '%', nothing has '_'
      const percent = await admin.get('/api/products').query({ search: '%' });
      expect((percent.body as Product[]).map((p) => p.slug)).toEqual(['classic-dark-hot-cocoa']);
      const underscore = await admin.get('/api/products').query({ search: '_' });
      expect(underscore.status).toBe(200);
      expect(underscore.body).toEqual([]);
    });

    it('creates a product with defaults, a slug from its name and the price in dollars', async () => {
      const res = await admin.post('/api/products').send(newProduct({ categoryId: hotCocoa.id }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        name: 'Hazelnut Hot Cocoa',
        slug: 'hazelnut-hot-cocoa',
        price: 15.25,
        categoryId: hotCocoa.id,
        inStock: true,
        featured: false,
        variationId: null,
        hotImageUrl: null,
        stockCount: null,
        lowStockThreshold: null,
      });
      expect(adminProductSchema.strict().parse(res.body)).toEqual(res.body);
      const [row] = await t.dataSource.query('SELECT price_cents FROM products WHERE id = $1', [res.body.id]);
      expect(row.price_cents).toBe(1525);
      const bySlug = await t.agent().get('/api/square/catalog/products/slug/hazelnut-hot-cocoa');
      const { stockCount: _count, lowStockThreshold: _threshold, soldAtCart, options, ...shown } = res.body;
      expect([soldAtCart, options]).toEqual([false, []]);
      expect(bySlug.body).toEqual(shown);
    });

    it('keeps a stock count and threshold for the admin; the shop shows Out of Stock at 0 whatever the switch says, "Only N left" while low, never the count', async () => {
      const created = await admin.post('/api/products').send(newProduct({ name: 'Counted Cocoa', stockCount: 12, lowStockThreshold: 3 }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ inStock: true, stockCount: 12, lowStockThreshold: 3, onlyLeft: null });
      const id = created.body.id as number;
      const shown = async () => {
        const res = await t.agent().get('/api/square/catalog/products/slug/counted-cocoa');
        expect(productSchema.strict().parse(res.body)).toEqual(res.body);
        const listed = ((await t.agent().get('/api/square/catalog/products')).body as Product[]).find((p) => p.id === id);
        expect(listed).toEqual(res.body);
        return { inStock: res.body.inStock, onlyLeft: res.body.onlyLeft };
      };
      expect(await shown()).toEqual({ inStock: true, onlyLeft: null });

      let res = await admin.patch(`/api/products/${id}`).send({ stockCount: 3 });
      expect(res.body).toMatchObject({ stockCount: 3, lowStockThreshold: 3, inStock: true, onlyLeft: 3 });
      expect(await shown()).toEqual({ inStock: true, onlyLeft: 3 });

      res = await admin.patch(`/api/products/${id}`).send({ stockCount: 0 });
      // The admin sees the switch as saved; the shop sees the product out of stock.
      expect(res.body).toMatchObject({ stockCount: 0, inStock: true, onlyLeft: null });
      expect(await shown()).toEqual({ inStock: false, onlyLeft: null });

      res = await admin.patch(`/api/products/${id}`).send({ stockCount: null, lowStockThreshold: null });
      expect(res.body).toMatchObject({ stockCount: null, lowStockThreshold: null, inStock: true });
      expect(await shown()).toEqual({ inStock: true, onlyLeft: null });
      const [row] = await t.dataSource.query('SELECT stock_count, low_stock_threshold FROM products WHERE id = $1', [id]);
      expect(row).toEqual({ stock_count: null, low_stock_threshold: null });

      for (const [body, message] of [
        [{ stockCount: -2 }, 'Stock count cannot be negative'],
        [{ stockCount: 2.5 }, 'Stock count must be a whole number'],
        [{ lowStockThreshold: 'many' }, 'Low-stock threshold must be a number'],
      ] as const) {
        const refused = await admin.patch(`/api/products/${id}`).send(body);
        expect([refused.status, refused.body.message]).toEqual([400, message]);
      }
    });

    it('keeps generated slugs unique (-2, -3) and refuses a taken explicit slug with 409', async () => {
      const second = await admin.post('/api/products').send(newProduct());
      const third = await admin.post('/api/products').send(newProduct({ slug: '' }));
      expect([second.status, third.status]).toEqual([201, 201]);
      expect([second.body.slug, third.body.slug]).toEqual(['hazelnut-hot-cocoa-2', 'hazelnut-hot-cocoa-3']);

      const before = await snapshot();
      const taken = await admin.post('/api/products').send(newProduct({ slug: 'hazelnut-hot-cocoa' }));
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('A product with the slug "hazelnut-hot-cocoa" already exists');
      const takenOnUpdate = await admin.patch(`/api/products/${second.body.id}`).send({ slug: 'classic-dark-hot-cocoa' });
      expect(takenOnUpdate.status).toBe(409);
      const variation = await admin.post('/api/products').send(newProduct({ variationId: 'SEED-VAR-CLASSIC-DARK' }));
      expect(variation.status).toBe(409);
      expect(variation.body.message).toContain('SEED-VAR-CLASSIC-DARK');
      expect(await snapshot()).toEqual(before);

      const explicit = await admin.post('/api/products').send(newProduct({ name: 'Anything', slug: 'My-Own-Slug' }));
      expect(explicit.status).toBe(201);
      expect(explicit.body.slug).toBe('my-own-slug');
      const symbols = await admin.post('/api/products').send(newProduct({ name: '!!!' }));
      expect(symbols.status).toBe(201);
      expect(symbols.body.slug).toBe('product');
      const long = await admin.post('/api/products').send(newProduct({ name: 'x'.repeat(120) }));
      const longer = await admin.post('/api/products').send(newProduct({ name: 'x'.repeat(120) }));
      expect(long.body.slug).toBe('x'.repeat(80));
      expect(longer.body.slug).toBe(`${'x'.repeat(78)}-2`);
    });

    it('gives concurrent creates of the same name distinct slugs', async () => {
      const results = await Promise.all([1, 2, 3, 4].map(() => admin.post('/api/products').send(newProduct({ name: 'Race Cocoa' }))));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(results.map((r) => r.body.slug).sort()).toEqual(['race-cocoa', 'race-cocoa-2', 'race-cocoa-3', 'race-cocoa-4']);
      const categories = await Promise.all([1, 2, 3].map(() => admin.post('/api/categories').send({ name: 'Race Category' })));
      expect(categories.map((r) => r.body.slug).sort()).toEqual(['race-category', 'race-category-2', 'race-category-3']);
    });

    it('updates some fields, keeps the slug on rename, regenerates it when emptied', async () => {
      const created = (await admin.post('/api/products').send(newProduct({ name: 'Rename Me' }))).body as Product;
      const renamed = await admin.patch(`/api/products/${created.id}`).send({ name: 'Orange Zest Hot Cocoa', price: 9.5, featured: true, inStock: false });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Orange Zest Hot Cocoa',
        slug: 'rename-me',
        price: 9.5,
        featured: true,
        inStock: false,
        subtitle: created.subtitle,
      });
      const emptied = await admin.patch(`/api/products/${created.id}`).send({ slug: '' });
      expect(emptied.body.slug).toBe('orange-zest-hot-cocoa');
      const cleared = await admin.patch(`/api/products/${created.id}`).send({ subtitle: null, categoryId: null, imageUrl: '' });
      expect(cleared.body).toMatchObject({ subtitle: null, categoryId: null, imageUrl: null });
      const sameSlug = await admin.patch(`/api/products/${created.id}`).send({ slug: 'orange-zest-hot-cocoa' });
      expect(sameSlug.status).toBe(200);
      const list = (await t.agent().get('/api/square/catalog/products')).body as Product[];
      expect(list.find((p) => p.id === created.id)?.featured).toBe(true);
    });

    it('answers 400 "Category not found" for an unknown category and 404 for an unknown product', async () => {
      const before = await snapshot();
      const unknownCategory = await admin.post('/api/products').send(newProduct({ categoryId: 999999 }));
      expect(unknownCategory.status).toBe(400);
      expect(unknownCategory.body.message).toBe('Category not found');
      const onUpdate = await admin.patch('/api/products/1').send({ categoryId: 999999 });
      expect(onUpdate.status).toBe(400);
      expect(onUpdate.body.message).toBe('Category not found');
      for (const [method, body] of [
        ['patch', { price: 1 }],
        ['delete', undefined],
      ] as const) {
        const req = method === 'patch' ? admin.patch('/api/products/999999').send(body) : admin.delete('/api/products/999999');
        const res = await req;
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Product not found');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('changes the public ETag when the catalogue changes, so a revalidation gets the new list', async () => {
      const before = await t.agent().get('/api/square/catalog/products');
      const etag = before.headers['etag'];
      expect((await t.agent().get('/api/square/catalog/products').set('If-None-Match', etag)).status).toBe(304);
      const product = (before.body as Product[])[0];
      expect((await admin.patch(`/api/products/${product.id}`).send({ price: product.price + 1 })).status).toBe(200);
      const after = await t.agent().get('/api/square/catalog/products').set('If-None-Match', etag);
      expect(after.status).toBe(200);
      expect(after.headers['etag']).not.toBe(etag);
      expect((after.body as Product[]).find((p) => p.id === product.id)?.price).toBe(Math.round((product.price + 1) * 100) / 100);
    });

    it('deletes a product', async () => {
      const created = (await admin.post('/api/products').send(newProduct({ name: 'Short Lived' }))).body as Product;
      const res = await admin.delete(`/api/products/${created.id}`);
      expect(res.status).toBe(204);
      expect((await t.agent().get('/api/square/catalog/products/slug/short-lived')).status).toBe(404);
      expect((await admin.delete(`/api/products/${created.id}`)).status).toBe(404);
    });
  });

  describe('categories', () => {
    it('creates, updates and deletes a category; its products become uncategorised', async () => {
      const created = await admin
        .post('/api/categories')
        .send({ name: 'Gift Sets & Bundles', description: 'Boxes to give', imageUrl: '/images/categories/gifts.svg' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Gift Sets & Bundles',
        slug: 'gift-sets-and-bundles',
        description: 'Boxes to give',
        imageUrl: '/images/categories/gifts.svg',
      });
      const twin = await admin.post('/api/categories').send({ name: 'Gift sets and bundles' });
      expect(twin.body.slug).toBe('gift-sets-and-bundles-2');
      const taken = await admin.post('/api/categories').send({ name: 'Hot', slug: 'hot-cocoa' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('A category with the slug "hot-cocoa" already exists');

      const updated = await admin.patch(`/api/categories/${created.body.id}`).send({ name: 'Gift Boxes', slug: 'gift-boxes' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Gift Boxes', slug: 'gift-boxes', description: 'Boxes to give' });
      const regenerated = await admin.patch(`/api/categories/${twin.body.id}`).send({ slug: null });
      expect(regenerated.body.slug).toBe('gift-sets-and-bundles');

      const inside = await admin.post('/api/products').send(newProduct({ name: 'Gift Box Trio', categoryId: created.body.id }));
      expect(inside.body.categoryId).toBe(created.body.id);
      const removed = await admin.delete(`/api/categories/${created.body.id}`);
      expect(removed.status).toBe(204);
      const product = await t.agent().get('/api/square/catalog/products/slug/gift-box-trio');
      expect(product.status).toBe(200);
      expect(product.body.categoryId).toBeNull();
      const categories = (await t.agent().get('/api/categories')).body as Category[];
      expect(categories.some((c) => c.id === created.body.id)).toBe(false);

      for (const res of [
        await admin.delete(`/api/categories/${created.body.id}`),
        await admin.patch(`/api/categories/${created.body.id}`).send({ name: 'Ghost' }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Category not found');
      }
    });
  });

  describe('bad input answers 400 with a message and changes nothing', () => {
    const badProducts: Array<[string, unknown]> = [
      ['price as text', newProduct({ price: '12.99' })],
      ['negative price', newProduct({ price: -1 })],
      ['three-decimal price', newProduct({ price: 1.005 })],
      ['huge price', newProduct({ price: 1e12 })],
      ['missing price', { name: 'No Price' }],
      ['missing name', { price: 3 }],
      ['blank name', newProduct({ name: '   ' })],
      ['name as number', newProduct({ name: 42 })],
      ['over-long name', newProduct({ name: 'n'.repeat(121) })],
      ['inStock as text', newProduct({ inStock: 'yes' })],
      ['featured as number', newProduct({ featured: 1 })],
      ['categoryId as text', newProduct({ categoryId: '1' })],
      ['fractional categoryId', newProduct({ categoryId: 1.5 })],
      ['zero categoryId', newProduct({ categoryId: 0 })],
      ['categoryId beyond int range', newProduct({ categoryId: 2 ** 31 })],
      ['bad slug', newProduct({ slug: 'Not A Slug!' })],
      ['slug with underscores', newProduct({ slug: 'under_score' })],
      ['over-long slug', newProduct({ slug: 'a'.repeat(81) })],
      ['javascript image', newProduct({ imageUrl: 'javascript:alert(1)' })],
      ['protocol-relative image', newProduct({ backgroundImageUrl: '//evil.example/x.png' })],
      ['extra key', newProduct({ isAdmin: true })],
      ['id in body', newProduct({ id: 1 })],
      ['priceCents instead of price', { name: 'Sneaky', priceCents: 100 }],
      ['array body', [newProduct()]],
      ['null body', null],
      ['string body', 'just text'],
      ['empty object', {}],
    ];

    it.each(badProducts)('POST /api/products with %s', refusedRaw('post', '/api/products'));

    it('POST /api/products with malformed JSON', async () => {
      const before = await snapshot();
      const res = await admin.post('/api/products').set('Content-Type', 'application/json').send('{"name": "Broken",');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Malformed JSON in request body');
      expect(await snapshot()).toEqual(before);
    });

    const badPatches: Array<[string, unknown]> = [
      ['nothing to update', {}],
      ['price as text', { price: 'free' }],
      ['negative price', { price: -0.01 }],
      ['three-decimal price', { price: 2.999 }],
      ['null name', { name: null }],
      ['null price', { price: null }],
      ['null inStock', { inStock: null }],
      ['extra key', { priceCents: 1 }],
      ['array body', [{ price: 1 }]],
      ['bad slug', { slug: 'UPPER CASE' }],
      ['negative stock count', { stockCount: -1 }],
      ['stock count as text', { stockCount: '5' }],
      ['fractional low-stock threshold', { lowStockThreshold: 1.5 }],
      ['stock count over 1,000,000', { stockCount: 1_000_001 }],
    ];

    it.each(badPatches)('PATCH /api/products/:id with %s', refusedRaw('patch', '/api/products/1'));

    const badIds = ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999', '2147483648', '%20', 'null'];

    it.each(badIds)('product and category id %p', async (id) => {
      const before = await snapshot();
      for (const res of [
        await admin.patch(`/api/products/${id}`).send({ price: 1 }),
        await admin.delete(`/api/products/${id}`),
        await admin.patch(`/api/categories/${id}`).send({ name: 'X' }),
        await admin.delete(`/api/categories/${id}`),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^Id /);
      }
      expect(await snapshot()).toEqual(before);
    });

    const badCategories: Array<[string, unknown]> = [
      ['missing name', { description: 'x' }],
      ['name as number', { name: 7 }],
      ['over-long name', { name: 'c'.repeat(81) }],
      ['bad slug', { name: 'Ok', slug: 'no spaces please' }],
      ['bad image', { name: 'Ok', imageUrl: 'ftp://example.com/a.svg' }],
      ['extra key', { name: 'Ok', products: [] }],
      ['array body', [{ name: 'Ok' }]],
    ];

    it.each(badCategories)('POST /api/categories with %s', refusedRaw('post', '/api/categories'));

    it('PATCH /api/categories/:id with nothing or bad fields', async () => {
      const before = await snapshot();
      for (const body of [{}, { name: '' }, { slug: 'Bad Slug' }, { id: 5 }, [{ name: 'x' }]]) {
        const res = await admin.patch(`/api/categories/${hotCocoa.id}`).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect(await snapshot()).toEqual(before);
    });

    it('GET /api/products with bad paging or search', async () => {
      for (const query of [
        'limit=abc',
        'limit=0',
        'limit=501',
        'limit=-1',
        'offset=-1',
        'offset=1.5',
        'limit=1&limit=2',
        `search=${'s'.repeat(101)}`,
        'search=a&search=b',
      ]) {
        const res = await admin.get(`/api/products?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(res.body.message).toEqual(expect.any(String));
      }
    });
  });
});
