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
    for (let i = 0; i < 4; i += 1) statuses.push((await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))).status);
    expect(statuses).toEqual([402, 402, 402, 429]);
  });
});
