import { startTestApp, type TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from './orders.fixtures';

describe('checkout rate limit', () => {
  let t: TestApp;
  let f: CheckoutFixtures;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '3' });
    f = await insertCheckoutProducts(t.dataSource);
  });
  afterAll(() => t.close());

  it('answers 429 after too many attempts from one address (card-testing guard)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (
          await t
            .agent()
            .post('/api/square/checkout/complete')
            .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
        ).status,
      );
    expect(statuses).toEqual([402, 402, 402, 429]);
  });

  it('never counts a paid checkout: only refused ones fill the address’s ceiling', async () => {
    await t.dataSource.query('DELETE FROM rate_limits'); // a new window
    const pay = async (sourceId: string) => (await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f, { sourceId }))).status;
    const statuses = [await pay('cnon:card-nonce-declined')];
    for (let i = 0; i < 5; i += 1) statuses.push(await pay('cnon:card-nonce-ok'));
    statuses.push(await pay('cnon:card-nonce-declined'), await pay('cnon:card-nonce-declined'));
    const refused = await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f));
    expect(statuses).toEqual([402, 200, 200, 200, 200, 200, 402, 402]);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });

  it('writes nothing for a paid checkout: the count is read, and only a refusal is written', async () => {
    await t.dataSource.query('DELETE FROM rate_limits');
    for (let i = 0; i < 3; i += 1) expect((await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f))).status).toBe(200);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM rate_limits')).toEqual([{ n: 0 }]);
    expect(
      (
        await t
          .agent()
          .post('/api/square/checkout/complete')
          .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
      ).status,
    ).toBe(402);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM rate_limits')).toEqual([{ n: 1 }]);
  });

  it('lets no burst of declined cards in flight past the ceiling', async () => {
    await t.dataSource.query('DELETE FROM rate_limits');
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async () =>
          (
            await t
              .agent()
              .post('/api/square/checkout/complete')
              .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
          ).status,
      ),
    );
    expect(statuses.filter((s) => s === 402)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});
