import { useTestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from './orders.fixtures';

describe('checkout rate limit', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
  let f: CheckoutFixtures;
  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
  });

  /** Each test buys from an address of its own (behind the trusted proxy): a window of its own. */
  let address = '';
  let n = 0;
  beforeEach(() => {
    n += 1;
    address = `198.51.100.${n}`;
  });
  const buyer = () => t.agent().set('X-Forwarded-For', address);
  const rows = async (): Promise<number> => (await t.dataSource.query('SELECT count(*)::int AS n FROM rate_limits'))[0].n;

  it('answers 429 after too many attempts from one address (card-testing guard)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (
          await buyer()
            .post('/api/square/checkout/complete')
            .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
        ).status,
      );
    expect(statuses).toEqual([402, 402, 402, 429]);
  });

  it('never counts a paid checkout: only refused ones fill the address’s ceiling', async () => {
    const pay = async (sourceId: string) => (await buyer().post('/api/square/checkout/complete').send(checkoutBody(f, { sourceId }))).status;
    const statuses = [await pay('cnon:card-nonce-declined')];
    for (let i = 0; i < 5; i += 1) statuses.push(await pay('cnon:card-nonce-ok'));
    statuses.push(await pay('cnon:card-nonce-declined'), await pay('cnon:card-nonce-declined'));
    const refused = await buyer().post('/api/square/checkout/complete').send(checkoutBody(f));
    expect(statuses).toEqual([402, 200, 200, 200, 200, 200, 402, 402]);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });

  it('writes nothing for a paid checkout: the count is read, and only a refusal is written', async () => {
    const before = await rows();
    for (let i = 0; i < 3; i += 1) expect((await buyer().post('/api/square/checkout/complete').send(checkoutBody(f))).status).toBe(200);
    expect(await rows()).toBe(before);
    expect(
      (
        await buyer()
          .post('/api/square/checkout/complete')
          .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
      ).status,
    ).toBe(402);
    expect(await rows()).toBe(before + 1);
  });

  it('lets no burst of declined cards in flight past the ceiling', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async () =>
          (
            await buyer()
              .post('/api/square/checkout/complete')
              .send(checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' }))
          ).status,
      ),
    );
    expect(statuses.filter((s) => s === 402)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});
