import type { Product } from '@cocoa/shared-types';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

/** Two replicas on one PostgreSQL database (PGlite is one process, so this runs on PostgreSQL only). */
describe('replicas tell each other when public answers change', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ DATABASE_URL: first.config.DATABASE_URL as string });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const namesOn = async (replica: TestApp) => ((await replica.agent().get('/api/square/catalog/products')).body as Product[]).map((p) => p.name);

  it('an owner’s change through one replica shows on the other within a second', async () => {
    const before = await namesOn(second); // kept by the second replica's answer cache
    const admin = await first.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const product = ((await first.agent().get('/api/square/catalog/products')).body as Product[])[0];
    expect((await admin.patch(`/api/products/${product.id}`).send({ name: 'Changed On Replica One' })).status).toBe(200);
    expect(before).not.toContain('Changed On Replica One');

    const deadline = Date.now() + 1000;
    let names = await namesOn(second);
    while (!names.includes('Changed On Replica One') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      names = await namesOn(second);
    }
    expect(names).toContain('Changed On Replica One');
  });
});
