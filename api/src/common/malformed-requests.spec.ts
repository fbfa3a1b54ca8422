import { gzipSync } from 'node:zlib';
import { databaseSnapshot } from '../test/db-snapshot';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';

/**
 * Bad input of every shape, across the calls: each answers 4xx with a `{ message }`, never a 5xx,
 * and the database is byte-for-byte the same afterwards.
 */
type Client = TestAgent;
interface Case {
  name: string;
  as: 'anonymous' | 'customer' | 'admin';
  send(client: Client): Promise<{ status: number; body: { message?: unknown } }>;
}

const json = (client: Client, method: 'post' | 'patch' | 'put' | 'delete', path: string, raw: string) =>
  client[method](path).set('Content-Type', 'application/json').send(raw);

const cases: Case[] = [
  // Malformed JSON on every kind of write.
  ...['/api/login', '/api/register', '/api/contact', '/api/auth/forgot-password', '/api/auth/reset-password', '/api/square/checkout/complete'].map(
    (path): Case => ({ name: `malformed JSON to ${path}`, as: 'anonymous', send: (c) => json(c, 'post', path, '{"username": "x",') }),
  ),
  { name: 'malformed JSON to POST /api/products', as: 'admin', send: (c) => json(c, 'post', '/api/products', '{name:') },
  { name: 'malformed JSON to PATCH /api/me/customer', as: 'customer', send: (c) => json(c, 'patch', '/api/me/customer', '[1,') },
  // Bodies of the wrong shape.
  { name: 'array body to login', as: 'anonymous', send: (c) => json(c, 'post', '/api/login', '[{"username":"admin","password":"x"}]') },
  { name: 'null body to register', as: 'anonymous', send: (c) => json(c, 'post', '/api/register', 'null') },
  { name: 'string body to contact', as: 'anonymous', send: (c) => json(c, 'post', '/api/contact', '"hello"') },
  { name: 'number body to checkout', as: 'anonymous', send: (c) => json(c, 'post', '/api/square/checkout/complete', '42') },
  {
    name: 'text/plain body to login',
    as: 'anonymous',
    send: (c) => c.post('/api/login').set('Content-Type', 'text/plain').send('username=admin&password=admin-pass-123'),
  },
  {
    name: 'form-encoded body to register',
    as: 'anonymous',
    send: (c) => c.post('/api/register').type('form').send({ username: 'formuser', email: 'f@e.co', password: 'secret-pass-1' }),
  },
  { name: 'empty body to contact', as: 'anonymous', send: (c) => c.post('/api/contact') },
  // Wrong types and unknown fields.
  { name: 'numeric username', as: 'anonymous', send: (c) => c.post('/api/login').send({ username: 12345, password: 'secret12' }) },
  { name: 'object password', as: 'anonymous', send: (c) => c.post('/api/login').send({ username: 'admin', password: { $gt: '' } }) },
  {
    name: 'register with isAdmin',
    as: 'anonymous',
    send: (c) => c.post('/api/register').send({ username: 'sneaky', email: 's@e.co', password: 'secret-pass-1', isAdmin: true }),
  },
  {
    name: 'register with a bad country',
    as: 'anonymous',
    send: (c) => c.post('/api/register').send({ username: 'farmer', email: 'f@e.co', password: 'secret-pass-1', country: 'FR' }),
  },
  {
    name: 'contact with array fields',
    as: 'anonymous',
    send: (c) => c.post('/api/contact').send({ name: ['a'], email: 'a@b.co', subject: 's', message: 'm' }),
  },
  { name: 'forgot-password without an @', as: 'anonymous', send: (c) => c.post('/api/auth/forgot-password').send({ email: 'nobody' }) },
  { name: 'reset-password with a number token', as: 'anonymous', send: (c) => c.post('/api/auth/reset-password').send({ token: 7, newPassword: 'secret12' }) },
  { name: 'product with a string price', as: 'admin', send: (c) => c.post('/api/products').send({ name: 'Cocoa', price: '12.99' }) },
  { name: 'product with a 3-decimal price', as: 'admin', send: (c) => c.post('/api/products').send({ name: 'Cocoa', price: 1.999 }) },
  {
    name: 'product with a javascript: image',
    as: 'admin',
    send: (c) => c.post('/api/products').send({ name: 'Cocoa', price: 1, imageUrl: 'javascript:alert(1)' }),
  },
  { name: 'product patch with an unknown field', as: 'admin', send: (c) => c.patch('/api/products/1').send({ priceCents: 1 }) },
  { name: 'category with an empty name', as: 'admin', send: (c) => c.post('/api/categories').send({ name: '   ' }) },
  {
    name: 'checkout with a negative quantity',
    as: 'anonymous',
    send: (c) =>
      c.post('/api/square/checkout/complete').send({
        sourceId: 'cnon:card-nonce-ok',
        amount: 1,
        shippingCost: 0,
        taxAmount: 0,
        shippingData: {},
        cartItems: [{ id: 1, quantity: -2 }],
        idempotencyKey: 'abcdefgh12',
      }),
  },
  {
    name: 'checkout with no items',
    as: 'anonymous',
    send: (c) => c.post('/api/square/checkout/complete').send({ sourceId: 'cnon:card-nonce-ok', cartItems: 'all of them' }),
  },
  { name: 'password change with a missing current password', as: 'customer', send: (c) => c.patch('/api/users/2/password').send({ newPassword: 'secret99' }) },
  { name: 'profile with an invalid e-mail', as: 'customer', send: (c) => c.patch('/api/me/customer').send({ email: 'not-an-email' }) },
  // Path and query tricks.
  { name: 'non-numeric product id', as: 'admin', send: (c) => c.patch('/api/products/abc').send({ name: 'x' }) },
  { name: 'exponent product id', as: 'admin', send: (c) => c.delete('/api/products/1e3') },
  { name: 'product id beyond int range', as: 'admin', send: (c) => c.delete('/api/products/99999999999') },
  { name: 'negative category id', as: 'admin', send: (c) => c.delete('/api/categories/-1') },
  { name: 'encoded traversal in a slug', as: 'anonymous', send: (c) => c.get('/api/square/catalog/products/slug/..%2F..%2Fetc%2Fpasswd') },
  { name: 'broken percent-encoding in a slug', as: 'anonymous', send: (c) => c.get('/api/square/catalog/products/slug/%E0%A4%A') },
  { name: 'garbage events range', as: 'anonymous', send: (c) => c.get('/api/events?from=yesterday&to=%00') },
  { name: 'negative page size of order history', as: 'customer', send: (c) => c.get('/api/me/orders?limit=-5') },
  { name: 'order id that is not an id', as: 'customer', send: (c) => c.get('/api/orders/%27%20OR%201=1--') },
  { name: 'cart clear with a short session id', as: 'anonymous', send: (c) => c.delete('/api/cart/clear?sessionId=abc') },
  { name: 'unknown method on a known path', as: 'anonymous', send: (c) => c.put('/api/user').send({}) },
  // Odd encodings and sizes.
  {
    name: 'body over the size limit',
    as: 'anonymous',
    send: (c) => c.post('/api/contact').send({ name: 'x', email: 'a@b.co', subject: 's', message: 'm'.repeat(1_200_000) }),
  },
  {
    name: 'UTF-16 charset',
    as: 'anonymous',
    send: (c) => c.post('/api/login').set('Content-Type', 'application/json; charset=utf-16').send('{"username":"admin"}'),
  },
  {
    name: 'gzip header on a plain body',
    as: 'anonymous',
    send: (c) => c.post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"username":"admin"}'),
  },
  {
    name: 'gzip-compressed garbage',
    as: 'anonymous',
    send: (c) =>
      c
        .post('/api/contact')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(Buffer.from('{oops'))),
  },
  {
    name: 'unknown content encoding',
    as: 'anonymous',
    send: (c) => c.post('/api/contact').set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-x').send('{}'),
  },
  { name: 'deeply nested JSON', as: 'anonymous', send: (c) => json(c, 'post', '/api/contact', '{"name":' + '['.repeat(5000) + ']'.repeat(5000) + '}') },
  {
    name: 'NUL bytes in a username',
    as: 'anonymous',
    send: (c) => c.post('/api/register').send({ username: 'bad\u0000name', email: 'nul@e.co', password: 'secret-pass-1' }),
  },
];

describe('malformed requests across the API', () => {
  const t = useTestApp();
  const clients: Partial<Record<Case['as'], Client>> = {};

  beforeAll(async () => {
    clients.anonymous = t.agent();
    const customer = t.agent();
    const reg = await customer.post('/api/register').send({ username: 'customer1', email: 'customer1@example.com', password: 'customer-pass-1' });
    expect(reg.status).toBe(201);
    clients.customer = customer;
    clients.admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const snapshot = () => databaseSnapshot(t.dataSource);

  it(`answers ${cases.length} malformed requests with a 4xx and a message, and changes nothing`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const before = await snapshot();
    const failures: string[] = [];
    for (const c of cases) {
      const res = await c.send(clients[c.as]!);
      const okStatus = res.status >= 400 && res.status < 500;
      const hasMessage = typeof res.body?.message === 'string' && res.body.message.length > 0;
      if (!okStatus || !hasMessage) failures.push(`${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
