import { lowStockProductSchema } from '@cocoa/shared-types';
import { serviceOf, useTestApp } from '../test/test-app';
import { type StockLine, StockService } from './stock.service';

/** StockService against the real database: counts move only in the caller's transaction. */
describe('StockService', () => {
  const t = useTestApp();
  const stock = serviceOf(t, StockService);
  const ids: Record<string, number> = {};

  async function product(slug: string, stockCount: number | null, lowStockThreshold: number | null = null): Promise<number> {
    const [row] = await t.dataSource.query(
      `INSERT INTO products (name, slug, price_cents, stock_count, low_stock_threshold) VALUES ($1, $2, 500, $3, $4) RETURNING id`,
      [slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()), slug, stockCount, lowStockThreshold],
    );
    ids[slug] = Number(row.id);
    return ids[slug];
  }
  const count = async (id: number) => (await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [id]))[0].stock_count as number | null;
  /** A take, or a restock, in a transaction of its own. */
  const take = (lines: StockLine[]) => t.dataSource.transaction((m) => stock.take(m, lines));
  const restock = (lines: StockLine[]) => t.dataSource.transaction((m) => stock.restock(m, lines));

  it('takes from counted products, passes uncounted ones, and answers what it took', async () => {
    const counted = await product('take-counted', 10);
    const uncounted = await product('take-uncounted', null);
    const taken = await take([
      { productId: uncounted, quantity: 4 },
      { productId: counted, quantity: 3 },
      { productId: counted, quantity: 1 },
    ]);
    expect(taken).toEqual([{ productId: counted, quantity: 4 }]);
    expect(await count(counted)).toBe(6);
    expect(await count(uncounted)).toBeNull();
  });

  it('refuses a short line with a 409 naming the product, "Only N left" or "out of stock"', async () => {
    const few = await product('only-two-left', 2);
    const none = await product('none-left', 0);
    const attempt = (productId: number, quantity: number) => take([{ productId, quantity }]);
    await expect(attempt(few, 3)).rejects.toMatchObject({
      status: 409,
      code: 'NOT_ENOUGH_STOCK',
      message: 'Only 2 left of Only Two Left. Please lower the quantity in your cart.',
    });
    await expect(attempt(none, 1)).rejects.toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'None Left is out of stock. Please remove it from your cart.',
    });
    await expect(attempt(987654, 1)).rejects.toMatchObject({ status: 400, code: 'PRODUCT_NOT_FOUND' });
    expect(await count(few)).toBe(2);
    expect(await count(none)).toBe(0);
  });

  it('a rolled-back transaction gives nothing away: an earlier line taken in it comes back', async () => {
    const plenty = await product('rollback-plenty', 5);
    const short = await product('rollback-short', 1);
    await expect(
      take([
        { productId: plenty, quantity: 2 },
        { productId: short, quantity: 2 },
      ]),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_STOCK' });
    expect([await count(plenty), await count(short)]).toEqual([5, 1]);
  });

  it('refuses to run outside a transaction and refuses quantities that are not positive whole numbers', async () => {
    const id = await product('guarded', 5);
    await expect(stock.take(t.dataSource.manager, [{ productId: id, quantity: 1 }])).rejects.toThrow("StockService.take must run in the caller's transaction");
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      await expect(take([{ productId: id, quantity }])).rejects.toMatchObject({
        status: 400,
        code: 'BAD_STOCK_QUANTITY',
      });
    }
    expect(await count(id)).toBe(5);
  });

  it('restock adds back to counted products only', async () => {
    const counted = await product('restock-counted', 0);
    const uncounted = await product('restock-uncounted', null);
    const given = await restock([
      { productId: counted, quantity: 2 },
      { productId: uncounted, quantity: 2 },
      { productId: 987654, quantity: 1 },
    ]);
    expect(given).toEqual([{ productId: counted, quantity: 2 }]);
    expect(await count(counted)).toBe(2);
    expect(await count(uncounted)).toBeNull();
  });

  it('concurrent takes never go below zero: 12 transactions for 1 each of 5 left, exactly 5 succeed', async () => {
    const id = await product('race-five', 5);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => take([{ productId: id, quantity: 1 }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code: string }).code);
    expect(refused).toEqual(Array(7).fill('OUT_OF_STOCK'));
    expect(await count(id)).toBe(0);
  });

  it('the public answers are cleared once a take that the shop shows commits, not before and not on rollback', async () => {
    const id = await product('cached-cocoa', 3, 1);
    const shown = async () => (await t.agent().get('/api/square/catalog/products/slug/cached-cocoa')).body as { inStock: boolean; onlyLeft: number | null };
    expect(await shown()).toEqual(expect.objectContaining({ inStock: true, onlyLeft: null }));
    // Still above the threshold: the cached answer stays as it was (it shows no count).
    await take([{ productId: id, quantity: 1 }]);
    expect(await shown()).toEqual(expect.objectContaining({ inStock: true, onlyLeft: null }));
    // Rolled back: nothing changed, nothing cleared.
    await expect(
      t.dataSource.transaction(async (m) => {
        await stock.take(m, [{ productId: id, quantity: 1 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count(id)).toBe(2);
    await take([{ productId: id, quantity: 1 }]);
    expect(await shown()).toEqual(expect.objectContaining({ inStock: true, onlyLeft: 1 }));
    await take([{ productId: id, quantity: 1 }]);
    expect(await shown()).toEqual(expect.objectContaining({ inStock: false, onlyLeft: null }));
    await restock([{ productId: id, quantity: 5 }]);
    expect(await shown()).toEqual(expect.objectContaining({ inStock: true, onlyLeft: null }));
  });

  it('lists counted products at or below their threshold (0 without one), fewest first', async () => {
    await t.dataSource.query(`UPDATE products SET stock_count = NULL`);
    await product('low-a', 4, 5);
    await product('low-b', 0, null);
    await product('low-c', 5, 5);
    await product('fine-d', 6, 5);
    await product('fine-e', 1, null);
    const low = await stock.lowStock();
    expect(lowStockProductSchema.array().parse(low)).toEqual(low);
    expect(low).toEqual([
      { id: ids['low-b'], name: 'Low B', slug: 'low-b', stockCount: 0, lowStockThreshold: null },
      { id: ids['low-a'], name: 'Low A', slug: 'low-a', stockCount: 4, lowStockThreshold: 5 },
      { id: ids['low-c'], name: 'Low C', slug: 'low-c', stockCount: 5, lowStockThreshold: 5 },
    ]);
    expect((await stock.lowStock(2)).map((p) => p.slug)).toEqual(['low-b', 'low-a']);
  });
});
