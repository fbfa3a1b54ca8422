import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CheckoutFixtures, insertCheckoutProducts } from '../orders/orders.fixtures';
import { SquareApiDouble } from '../square/square-api.double';
import { startTestApp, type TestApp, useTestApp } from './test-app';

/** Square's own signed sample notification (api/src/orders/fixtures/README.md): a shop started with `webhooks` subscribes with its key and URL. */
export const SQUARE_SAMPLE_WEBHOOK = JSON.parse(readFileSync(join(__dirname, '../orders/fixtures/square-webhook-test-notification.json'), 'utf8')) as {
  requestBody: string;
  signatureHeader: string;
  signatureKey: string;
  notificationUrl: string;
};

export interface SquareShop {
  square: SquareApiDouble;
  t: TestApp;
  /** The checkout products, priced alike in the double's catalogue. */
  f: CheckoutFixtures;
}

/**
 * A shop connected to the local Square double (the real SDK against it) for the enclosing describe:
 * started before its tests with the checkout products, stopped after them; the double forgets its
 * calls and failures before each test. `onStart` receives the running shop. With `webhooks`, the
 * shop has the main location and the sample webhook subscription.
 */
export function startSquareShop(onStart: (shop: SquareShop) => void, options: { token: string; webhooks?: boolean }): void {
  let shop: SquareShop | undefined;
  beforeAll(async () => {
    const square = await new SquareApiDouble().start();
    const subscription: Record<string, string> = options.webhooks
      ? {
          SQUARE_LOCATION_ID: 'LOC-MAIN',
          SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SAMPLE_WEBHOOK.signatureKey,
          SQUARE_WEBHOOK_URL: SQUARE_SAMPLE_WEBHOOK.notificationUrl,
        }
      : {};
    const t = await startTestApp({ SQUARE_ACCESS_TOKEN: options.token, SQUARE_BASE_URL: square.url, ...subscription });
    const f = await insertCheckoutProducts(t.dataSource);
    for (const p of [f.cocoa, f.mug, f.soldOut]) square.catalogPrices.set(p.variationId, p.priceCents);
    shop = { square, t, f };
    onStart(shop);
  });
  afterAll(async () => {
    await shop?.t.close();
    await shop?.square.stop();
  });
  beforeEach(() => shop?.square.reset());
}

/**
 * The local Square double and a test app connected to it (SQUARE_BASE_URL, with `env`) for the
 * enclosing describe: both started before its tests, the app closed before the double stops; the
 * double forgets its calls and failures before each test.
 */
export function useSquareApp(env: Record<string, string> = {}): { square: SquareApiDouble; t: TestApp } {
  const square = new SquareApiDouble();
  beforeAll(() => square.start());
  const t = useTestApp(() => ({ SQUARE_BASE_URL: square.url, ...env }));
  afterAll(() => square.stop());
  beforeEach(() => square.reset());
  return { square, t };
}
