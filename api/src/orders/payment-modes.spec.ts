import { PAYMENTS_NOT_SET_UP_MESSAGE } from '@cocoa/shared-types';
import { databaseSnapshot } from '../test/db-snapshot';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const CONFIG = '/api/square/web-payments/config';

/**
 * Test payments only when meant: with SQUARE_MODE=production and Square not connected the checkout
 * takes no order ("payments are not set up yet") until the owner turns on 'Accept test payments';
 * in sandbox mode test payments are on unless the owner turns them off.
 */
describe('payment modes while Square is not connected (SQUARE_MODE=production)', () => {
  const t = useTestApp({ SQUARE_MODE: 'production' });
  let f: CheckoutFixtures;
  let admin: TestAgent;

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const setTestPayments = async (value: 'true' | 'false') => {
    const res = await admin.post('/api/settings').send({ key: 'ACCEPT_TEST_PAYMENTS', value });
    expect(res.status).toBe(200);
    expect(res.body.ACCEPT_TEST_PAYMENTS).toBe(value);
  };

  it('tells the payment step that payments are not set up, and takes no order', async () => {
    const config = await t.agent().get(CONFIG);
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ testMode: false, paymentsAvailable: false, applicationId: null, locationId: null, environment: 'production' });
    expect((await admin.get('/api/settings')).body.ACCEPT_TEST_PAYMENTS).toBe('false');

    const before = await databaseSnapshot(t.dataSource);
    for (const sourceId of ['cnon:card-nonce-ok', 'cnon:card-nonce-declined', 'cnon:some-real-looking-token']) {
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f, { sourceId }));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: PAYMENTS_NOT_SET_UP_MESSAGE, code: 'PAYMENTS_NOT_SET_UP' });
    }
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });

  it('takes test payments once the owner turns them on, and flags those orders where they are listed', async () => {
    await setTestPayments('true');
    try {
      expect((await t.agent().get(CONFIG)).body).toEqual({
        testMode: true,
        paymentsAvailable: true,
        applicationId: null,
        locationId: null,
        environment: 'production',
      });
      const res = await admin.post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      expect(res.body.testMode).toBe(true);
      expect((await admin.get(`/api/orders/${res.body.orderId}`)).body.testMode).toBe(true);
      const mine = await admin.get('/api/me/orders');
      expect(mine.body.find((o: { id: string }) => o.id === res.body.orderId)).toMatchObject({ testMode: true, state: 'COMPLETED' });
      expect(
        (
          await t
            .agent()
            .post(COMPLETE)
            .send(checkoutBody(f, { sourceId: 'cnon:some-real-looking-token' }))
        ).body.code,
      ).toBe('TEST_MODE_CARD_ONLY');
    } finally {
      await setTestPayments('false');
    }
    expect((await t.agent().post(COMPLETE).send(checkoutBody(f))).status).toBe(503);
  });

  it('in sandbox mode test payments are on by default, and the owner can turn them off', async () => {
    await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
    try {
      // ACCEPT_TEST_PAYMENTS is stored 'false' by the previous test: the owner's choice wins.
      expect((await t.agent().get(CONFIG)).body).toMatchObject({ testMode: false, paymentsAvailable: false, environment: 'sandbox' });
      await setTestPayments('true');
      expect((await t.agent().get(CONFIG)).body).toMatchObject({ testMode: true, paymentsAvailable: true, environment: 'sandbox' });
      expect((await t.agent().post(COMPLETE).send(checkoutBody(f))).status).toBe(200);
    } finally {
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'production' }).expect(200);
      await setTestPayments('false');
    }
  });
});
