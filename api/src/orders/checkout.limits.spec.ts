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
});
