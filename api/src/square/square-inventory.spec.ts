import { JobsService } from '../jobs/jobs.service';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from '../orders/orders.fixtures';
import { eventually } from '../test/eventually';
import { deliverSquareEvent, postSquareEvent } from '../test/square-webhooks';
import { SQUARE_SAMPLE_WEBHOOK, useSquareApp } from '../test/square-shop';
import { useTestApp } from '../test/test-app';
import { squareInventoryEvent, type WireInventoryCount } from './square-api.double';
import { buildSaleRequests } from './square-inventory-requests';
import { SQUARE_INVENTORY_READ_JOB, SQUARE_INVENTORY_SALE_JOB, type SquareInventorySale } from './square-inventory.service';

const COMPLETE = '/api/square/checkout/complete';
const BATCH_CHANGE = '/v2/inventory/changes/batch-create';
const BATCH_COUNTS = '/v2/inventory/counts/batch-retrieve';
/**
 * One stock with the cart's Square Point of Sale (docs/operations.md, "Stock with Square connected"),
 * the real SDK against the local Square double: Square's counts set the online stock, and an online
 * sale is an inventory adjustment at Square.
 */
describe('stock with Square connected', () => {
  const { square, t } = useSquareApp({
    SQUARE_ACCESS_TOKEN: 'EAAA-inventory-token',
    SQUARE_LOCATION_ID: 'LOC-MAIN',
    SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SAMPLE_WEBHOOK.signatureKey,
    SQUARE_WEBHOOK_URL: SQUARE_SAMPLE_WEBHOOK.notificationUrl,
    RATE_LIMIT_MAX: '100000',
  });

  const products = async (): Promise<CheckoutFixtures> => {
    const f = await insertCheckoutProducts(t.dataSource);
    for (const p of [f.cocoa, f.mug, f.soldOut]) square.catalogPrices.set(p.variationId, p.priceCents);
    return f;
  };
  const stockOf = async (productId: number): Promise<number | null> =>
    (await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [productId]))[0].stock_count;
  /** Square's count at the shop's location and the online stock both read `count`. */
  const expectBothCount = async (product: { id: number; variationId: string }, count: number): Promise<void> => {
    expect(square.inventory.get(`${product.variationId}@LOC-MAIN`)?.quantity).toBe(String(count));
    expect(await stockOf(product.id)).toBe(count);
  };
  const slugOf = async (productId: number): Promise<string> => (await t.dataSource.query(`SELECT slug FROM products WHERE id = $1`, [productId]))[0].slug;
  const shownInShop = async (productId: number): Promise<boolean> =>
    (await t.agent().get(`/api/square/catalog/products/slug/${await slugOf(productId)}`)).body.inStock as boolean;
  const outcomeOf = async (event: Record<string, unknown>): Promise<string | undefined> =>
    (await t.dataSource.query(`SELECT outcome FROM square_webhook_events WHERE event_id = $1`, [event.event_id]))[0]?.outcome;
  const deliver = async (counts: WireInventoryCount[]): Promise<Record<string, unknown>> => {
    const event = squareInventoryEvent(counts);
    expect((await deliverSquareEvent(t, event, SQUARE_SAMPLE_WEBHOOK)).status).toBe(200);
    return event;
  };

  describe('inventory.count.updated', () => {
    it("sets the online stock from Square's IN_STOCK count at the shop's location, floored; at 0 the shop says out of stock", async () => {
      const f = await products();
      expect(await shownInShop(f.cocoa.id)).toBe(true); // the public answer is cached now
      const event = await deliver([
        square.setInventoryCount(f.cocoa.variationId, '7.6'),
        // Another location's count, another state, a variation we do not sell: none of them is ours.
        square.setInventoryCount(f.mug.variationId, '40', 'LOC-OTHER'),
        { ...square.setInventoryCount(f.soldOut.variationId, '3'), state: 'WASTE' },
        square.setInventoryCount('VARIATION-NOT-SYNCED', '12'),
      ]);
      expect(await outcomeOf(event)).toBe('handled');
      expect([await stockOf(f.cocoa.id), await stockOf(f.mug.id), await stockOf(f.soldOut.id)]).toEqual([7, null, null]);

      await deliver([square.setInventoryCount(f.cocoa.variationId, '0')]);
      expect(await stockOf(f.cocoa.id)).toBe(0);
      expect(await shownInShop(f.cocoa.id)).toBe(false);
    });

    it('takes a negative count as 0 and gives the product back when Square counts more', async () => {
      const f = await products();
      await deliver([square.setInventoryCount(f.mug.variationId, '-2.5')]);
      expect(await stockOf(f.mug.id)).toBe(0);
      expect(await shownInShop(f.mug.id)).toBe(false);
      await deliver([square.setInventoryCount(f.mug.variationId, '3.00000')]);
      expect(await stockOf(f.mug.id)).toBe(3);
      expect(await shownInShop(f.mug.id)).toBe(true);
    });

    it('ignores a count Square calculated before the one applied (an event delivered late)', async () => {
      const f = await products();
      const older = square.setInventoryCount(f.cocoa.variationId, '9');
      const newer = square.setInventoryCount(f.cocoa.variationId, '5');
      await deliver([newer]);
      const late = await deliver([older]);
      expect(await outcomeOf(late)).toBe('stale');
      expect(await stockOf(f.cocoa.id)).toBe(5);
    });

    it('changes nothing with a wrong signature, nor for counts it cannot read', async () => {
      const f = await products();
      const forged = squareInventoryEvent([square.setInventoryCount(f.cocoa.variationId, '50')]);
      const res = await postSquareEvent(t, forged, SQUARE_SAMPLE_WEBHOOK, 'not-the-subscription-key');
      expect([res.status, res.body.code]).toEqual([403, 'WEBHOOK_SIGNATURE_INVALID']);
      expect(await outcomeOf(forged)).toBeUndefined();

      const unreadable = squareInventoryEvent([{ ...square.setInventoryCount(f.cocoa.variationId, '50'), calculated_at: 'yesterday' }]);
      const bad = await postSquareEvent(t, unreadable, SQUARE_SAMPLE_WEBHOOK);
      expect([bad.status, bad.body.code]).toEqual([400, 'WEBHOOK_EVENT_INVALID']);
      expect(await outcomeOf(unreadable)).toBeUndefined();
      expect(await stockOf(f.cocoa.id)).toBeNull();
    });
  });

  describe('an online sale', () => {
    const saleJobDone = (orderId: string) =>
      eventually(async () => {
        const [job]: { state: string }[] = await t.dataSource.query(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'orderId' = $2`, [
          SQUARE_INVENTORY_SALE_JOB,
          orderId,
        ]);
        return job?.state === 'completed' ? true : undefined;
      }, "the sale's job");

    it('of a line Square carries as a catalogue line is counted down by Square itself, so no adjustment is sent', async () => {
      const f = await products();
      await deliver([square.setInventoryCount(f.cocoa.variationId, '10')]);
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      await saleJobDone(res.body.orderId as string);
      expect(square.calls(BATCH_CHANGE)).toEqual([]);
      await expectBothCount(f.cocoa, 8);
    });

    it("is one BatchChangeInventory of Square's counted lines, IN_STOCK to SOLD, within Square's limits, and once however often its job runs", async () => {
      const f = await products();
      // Square counts the cocoa (10 at the cart), but its order carries it ad hoc (not found in Square's catalogue at checkout);
      // the mug is not counted there.
      square.catalogPrices.delete(f.cocoa.variationId);
      await deliver([square.setInventoryCount(f.cocoa.variationId, '10')]);
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      const orderId = res.body.orderId as string;

      const [sent] = await eventually(async () => {
        const calls = square.calls(BATCH_CHANGE);
        return calls.length > 0 ? calls : undefined;
      }, 'the sale sent to Square');
      expect(sent.body).toEqual({
        idempotency_key: `sale-${orderId}`,
        changes: [
          {
            type: 'ADJUSTMENT',
            adjustment: {
              reference_id: orderId,
              from_state: 'IN_STOCK',
              to_state: 'SOLD',
              from_location_id: 'LOC-MAIN',
              to_location_id: 'LOC-MAIN',
              catalog_object_id: f.cocoa.variationId,
              quantity: '2',
              occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            },
          },
        ],
        ignore_unchanged_counts: true,
      });
      expect(square.inventory.get(`${f.cocoa.variationId}@LOC-MAIN`)?.quantity).toBe('8');
      await eventually(async () => ((await stockOf(f.cocoa.id)) === 8 ? true : undefined), "Square's count after the sale applied");

      // The job run again (a retry after a lost answer): Square is asked again under the same key and sells nothing more.
      const sale: SquareInventorySale = {
        orderId,
        squareOrderId: null,
        occurredAt: new Date().toISOString(),
        lines: [{ variationId: f.cocoa.variationId, quantity: 2 }],
      };
      await t.app.get(JobsService).send(SQUARE_INVENTORY_SALE_JOB, sale);
      await eventually(async () => (square.calls(BATCH_CHANGE).length === 2 ? true : undefined), 'the job run again');
      expect(square.calls(BATCH_CHANGE)[1].body?.idempotency_key).toBe(`sale-${orderId}`);
      expect(square.inventoryChanges.filter((c) => c.adjustment?.reference_id === orderId)).toHaveLength(1);
      await expectBothCount(f.cocoa, 8);
    });

    it('is tried again when Square fails, and still made once', async () => {
      const f = await products();
      square.catalogPrices.delete(f.cocoa.variationId);
      await deliver([square.setInventoryCount(f.cocoa.variationId, '6')]);
      square.failNext.set(BATCH_CHANGE, { status: 500, errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'Square is down' }] });
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      await eventually(async () => (square.inventory.get(`${f.cocoa.variationId}@LOC-MAIN`)?.quantity === '4' ? true : undefined), 'the sale retried', 30_000);
      expect(square.calls(BATCH_CHANGE)).toHaveLength(2);
      expect(square.inventoryChanges.filter((c) => c.adjustment?.reference_id === res.body.orderId)).toHaveLength(1);
    });

    it("splits more than Square's 100 changes into requests Square accepts", async () => {
      const lines = Array.from({ length: 101 }, (_, i) => ({ variationId: `VAR-${i}`, quantity: 1 }));
      const requests = buildSaleRequests({ orderId: '0b5e2f9c-8d4a-4d4e-9f0a-2b1c3d4e5f60', locationId: 'LOC-MAIN', occurredAt: new Date(), lines });
      expect(requests.map((r) => [r.idempotencyKey, r.changes?.length])).toEqual([
        ['sale-0b5e2f9c-8d4a-4d4e-9f0a-2b1c3d4e5f60', 100],
        ['sale-0b5e2f9c-8d4a-4d4e-9f0a-2b1c3d4e5f60-1', 1],
      ]);
    });
  });

  describe("the double keeps Square's published rules", () => {
    const post = (path: string, body: unknown) =>
      fetch(`${square.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { errors?: { code: string; field: string }[] },
      }));
    const adjustment = (over: Record<string, unknown> = {}) => ({
      type: 'ADJUSTMENT',
      adjustment: {
        from_state: 'IN_STOCK',
        to_state: 'SOLD',
        from_location_id: 'LOC-MAIN',
        to_location_id: 'LOC-MAIN',
        catalog_object_id: 'VAR-1',
        quantity: '1',
        occurred_at: '2030-01-01T10:00:00Z',
        ...over,
      },
    });

    it('refuses a missing or too long idempotency key, more than 100 changes, an unknown state and a quantity that is not a decimal string', async () => {
      const fields = async (body: unknown) => {
        const res = await post(BATCH_CHANGE, body);
        expect(res.status).toBe(400);
        return res.body.errors!.map((e) => [e.code, e.field]);
      };
      expect(await fields({ changes: [adjustment()] })).toEqual([['MISSING_REQUIRED_PARAMETER', 'idempotency_key']]);
      expect(await fields({ idempotency_key: 'k'.repeat(129), changes: [adjustment()] })).toEqual([['VALUE_TOO_LONG', 'idempotency_key']]);
      expect(await fields({ idempotency_key: 'many', changes: Array.from({ length: 101 }, () => adjustment()) })).toEqual([
        ['ARRAY_LENGTH_TOO_LONG', 'changes'],
      ]);
      expect(await fields({ idempotency_key: 'state', changes: [adjustment({ to_state: 'GONE' })] })).toEqual([
        ['INVALID_ENUM_VALUE', 'changes[0].adjustment.to_state'],
      ]);
      expect(await fields({ idempotency_key: 'qty', changes: [adjustment({ quantity: 'two' })] })).toEqual([
        ['VALUE_REGEX_MISMATCH', 'changes[0].adjustment.quantity'],
      ]);
    });

    it('refuses a counts read with a limit over 1000', async () => {
      const res = await post(BATCH_COUNTS, { catalog_object_ids: ['VAR-1'], limit: 1001 });
      expect([res.status, res.body.errors?.[0].field]).toEqual([400, 'limit']);
    });
  });

  it("the periodic read applies Square's counts of every synced variation at the location, page by page", async () => {
    const f = await products();
    square.setInventoryCount(f.cocoa.variationId, '11');
    square.setInventoryCount(f.mug.variationId, '0');
    square.setInventoryCount(f.soldOut.variationId, '4');
    square.setInventoryCount(f.cocoa.variationId, '99', 'LOC-OTHER');
    await t.app.get(JobsService).send(SQUARE_INVENTORY_READ_JOB, {});
    await eventually(async () => ((await stockOf(f.soldOut.id)) === 4 ? true : undefined), 'the counts read');
    expect([await stockOf(f.cocoa.id), await stockOf(f.mug.id)]).toEqual([11, 0]);
    const reads = square.calls(BATCH_COUNTS);
    expect(reads.length).toBeGreaterThan(1);
    expect(reads[0].body).toMatchObject({ location_ids: ['LOC-MAIN'], states: ['IN_STOCK'] });
    expect(reads[0].body?.catalog_object_ids).toEqual(expect.arrayContaining([f.cocoa.variationId, f.mug.variationId, f.soldOut.variationId]));
    expect(reads[1].body?.cursor).toBeDefined();
    expect(await shownInShop(f.mug.id)).toBe(false);
  });
});

describe('stock without Square', () => {
  const t = useTestApp({ SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SAMPLE_WEBHOOK.signatureKey, SQUARE_WEBHOOK_URL: SQUARE_SAMPLE_WEBHOOK.notificationUrl });

  it("keeps the shop's own stock: a stock count from Square is recorded and ignored, and a test-mode sale sends nothing", async () => {
    const f = await insertCheckoutProducts(t.dataSource);
    await t.dataSource.query(`UPDATE products SET stock_count = 5 WHERE id = $1`, [f.cocoa.id]);
    const count: WireInventoryCount = {
      catalog_object_id: f.cocoa.variationId,
      catalog_object_type: 'ITEM_VARIATION',
      state: 'IN_STOCK',
      location_id: 'LOC-MAIN',
      quantity: '0',
      calculated_at: new Date().toISOString(),
    };
    const event = squareInventoryEvent([count]);
    expect((await deliverSquareEvent(t, event, SQUARE_SAMPLE_WEBHOOK)).status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT outcome FROM square_webhook_events WHERE event_id = $1`, [event.event_id]);
    expect(row.outcome).toBe('ignored');

    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    expect([res.status, res.body.testMode]).toEqual([200, true]);
    expect((await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [f.cocoa.id]))[0].stock_count).toBe(3);
    const [jobs] = await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [SQUARE_INVENTORY_SALE_JOB]);
    expect(jobs.n).toBe(0);
  });
});
