import { type LowStockProduct, STOCK_MAX } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, UserInputError } from '../common/domain-errors';
import { PublicAnswerCache } from '../common/public-answer-cache';
import { afterCommit } from '../database/after-commit';

/** A quantity of one product, taken from or given back to its stock. */
export interface StockLine {
  productId: number;
  quantity: number;
}

/** What a transaction that changed what the storefront shows does once it commits: clear the public answers, once. */
const PUBLIC_STOCK_CHANGED = 'publicStockChanged';

/** One of Square's counts, read already (docs/operations.md, "Stock with Square connected"): whole units, 0 or more. */
export interface SquareStockCount {
  variationId: string;
  quantity: number;
  /** Square's calculated_at of the count. */
  calculatedAt: Date;
}

/** What applying Square's counts did, count by count. */
export interface SquareCountsApplied {
  /** Set on a product (its stock is now Square's count). */
  applied: number;
  /** A product has a count Square calculated later already: left as it is. */
  stale: number;
  /** No product has that variation id. */
  unmatched: number;
}

/** The low-stock list's default and largest length. */
const LOW_STOCK_LIMIT = 50;

/**
 * Product stock (the rules shown to people are in shared-types/src/stock.ts). Only
 * counted products (stock_count not null) are touched; products nobody counts pass unchanged.
 *
 * `take` and `restock` work in the CALLER's transaction (the checkout's claim, a removal of a
 * pending order), so the stock moves exactly when the order does. `take` is one statement with a
 * conditional UPDATE (`stock_count >= quantity`) per product: under concurrent buyers PostgreSQL
 * makes each wait for the row and re-checks the condition on the newest count, so the count never
 * goes below 0 and no more orders are committed than there were items; the short buyer gets a 409
 * naming the product. Products are locked in id order, so two carts sharing products lock them in
 * the same order.
 * (Each UPDATE sits in a CTE so that TypeORM answers its returned rows, not [rows, count].)
 *
 * The public catalogue answers are cached (PublicAnswerCache) and the checkout does not clear
 * them; so when a change is one the storefront shows (a product goes out, or "Only N left"
 * changes, or it comes back), the cache is cleared once the caller's transaction has committed
 * (afterCommit), never before, so no reader can keep the old answer.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly publicAnswers: PublicAnswerCache,
  ) {}

  /**
   * Takes the quantities from counted products. Throws a ConflictError ("… is out of stock" /
   * "Only N left of …") when one is short, leaving the caller to roll back. Answers the lines
   * actually taken (counted products only): what must be given back if the order goes.
   */
  async take(manager: EntityManager, lines: readonly StockLine[]): Promise<StockLine[]> {
    inTransaction(manager, 'take');
    const wanted = merged(lines);
    if (wanted.length === 0) return [];
    // One statement for the whole cart: the counted products are locked in id order first (so two
    // carts sharing products cannot wait on each other; the lock is the one an UPDATE takes, which
    // lets the order lines refer to the product meanwhile), then each is taken with the
    // condition `stock_count >= quantity`; each product as it was comes back beside it (an
    // uncounted one has no count; a short one names what is left).
    const rows: Array<{ id: number; name: string | null; before: number | null; after: number | null; low_stock_threshold: number | null }> =
      await manager.query(
        `WITH wanted AS (SELECT * FROM unnest($1::int[], $2::int[]) AS w(id, quantity)),
              locked AS MATERIALIZED (SELECT p.id FROM products p WHERE p.id = ANY($1::int[]) AND p.stock_count IS NOT NULL ORDER BY p.id FOR NO KEY UPDATE),
              taken AS (
                UPDATE products p SET stock_count = p.stock_count - w.quantity
                  FROM wanted w
                 WHERE p.id = w.id AND p.id IN (SELECT id FROM locked) AND p.stock_count >= w.quantity
                RETURNING p.id, p.stock_count, p.low_stock_threshold)
         SELECT w.id, p.name, p.stock_count AS before, t.stock_count AS after, t.low_stock_threshold
           FROM wanted w LEFT JOIN products p ON p.id = w.id LEFT JOIN taken t ON t.id = w.id
          ORDER BY w.id`,
        [wanted.map((line) => line.productId), wanted.map((line) => line.quantity)],
      );
    const taken: StockLine[] = [];
    for (const line of wanted) {
      const row = rows.find((r) => Number(r.id) === line.productId);
      if (!row?.name) throw new UserInputError(`Product #${line.productId} is no longer available. Please remove it from your cart.`, 'PRODUCT_NOT_FOUND');
      if (row.after === null) {
        if (row.before === null) continue; // not counted
        throw shortOf(row.name, await this.countNow(manager, line.productId, Number(row.before), line.quantity));
      }
      if (Number(row.after) <= (row.low_stock_threshold ?? 0)) afterCommit(manager, () => this.publicAnswers.invalidate(), PUBLIC_STOCK_CHANGED);
      taken.push(line);
    }
    return taken;
  }

  /**
   * What is left of a product the UPDATE found short. The statement's own view of the row is as it
   * began; when another buyer took from it meanwhile (the view still had enough), the count is read again.
   */
  private async countNow(manager: EntityManager, productId: number, seen: number, wanted: number): Promise<number> {
    if (seen < wanted) return seen;
    const [now]: Array<{ stock_count: number | null }> = await manager.query(`SELECT stock_count FROM products WHERE id = $1`, [productId]);
    return Number(now?.stock_count ?? 0);
  }

  /** Gives quantities back to counted products (an uncounted one stays uncounted). Answers the lines given back. */
  async restock(manager: EntityManager, lines: readonly StockLine[]): Promise<StockLine[]> {
    inTransaction(manager, 'restock');
    const given: StockLine[] = [];
    for (const line of merged(lines)) {
      const rows: Array<{ stock_count: number; low_stock_threshold: number | null }> = await manager.query(
        `WITH given AS (UPDATE products SET stock_count = stock_count + $2 WHERE id = $1 AND stock_count IS NOT NULL RETURNING stock_count, low_stock_threshold) SELECT * FROM given`,
        [line.productId, line.quantity],
      );
      if (rows.length === 0) continue;
      const before = Number(rows[0].stock_count) - line.quantity;
      if (before <= (rows[0].low_stock_threshold ?? 0)) afterCommit(manager, () => this.publicAnswers.invalidate(), PUBLIC_STOCK_CHANGED);
      given.push(line);
    }
    return given;
  }

  /**
   * Square's counts set the stock of the products synced from those variations (products.variation_id),
   * in one transaction: a count is applied only when it was calculated after the one applied last
   * (products.square_counted_at), so a late event never undoes a newer count. A product that was
   * not counted becomes counted. The public answers are cleared once it commits when a stock changed.
   */
  async applySquareCounts(counts: readonly SquareStockCount[]): Promise<SquareCountsApplied> {
    const newest = new Map<string, SquareStockCount>();
    for (const c of counts) {
      if (!Number.isSafeInteger(c.quantity) || c.quantity < 0) throw new Error(`Square count of ${c.variationId} is not a whole number of units`);
      const seen = newest.get(c.variationId);
      if (!seen || seen.calculatedAt < c.calculatedAt) newest.set(c.variationId, c);
    }
    if (newest.size === 0) return { applied: 0, stale: 0, unmatched: 0 };
    const list = [...newest.values()];
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ known: boolean; applied: boolean; changed: boolean }> = await manager.query(
        `WITH c AS (SELECT * FROM unnest($1::varchar[], $2::int[], $3::timestamptz[]) AS c(variation_id, quantity, calculated_at)),
              fresh AS MATERIALIZED (
                SELECT p.id, p.stock_count AS before, c.quantity, c.calculated_at FROM products p JOIN c ON c.variation_id = p.variation_id
                 WHERE p.square_counted_at IS NULL OR p.square_counted_at < c.calculated_at
                 ORDER BY p.id FOR NO KEY UPDATE OF p),
              written AS (
                UPDATE products p SET stock_count = f.quantity, square_counted_at = f.calculated_at, updated_at = now()
                  FROM fresh f WHERE p.id = f.id
                RETURNING p.id, f.before, p.stock_count AS after)
         SELECT p.id IS NOT NULL AS known, s.id IS NOT NULL AS applied, s.id IS NOT NULL AND s.before IS DISTINCT FROM s.after AS changed
           FROM c LEFT JOIN products p ON p.variation_id = c.variation_id LEFT JOIN written s ON s.id = p.id`,
        [list.map((c) => c.variationId), list.map((c) => Math.min(c.quantity, STOCK_MAX)), list.map((c) => c.calculatedAt.toISOString())],
      );
      if (rows.some((r) => r.changed)) afterCommit(manager, () => this.publicAnswers.invalidate(), PUBLIC_STOCK_CHANGED);
      return {
        applied: rows.filter((r) => r.applied).length,
        stale: rows.filter((r) => r.known && !r.applied).length,
        unmatched: rows.filter((r) => !r.known).length,
      };
    });
  }

  /** The variation ids of every product synced from Square, for the periodic read of Square's counts. */
  async squareVariationIds(): Promise<string[]> {
    const rows: Array<{ variation_id: string }> = await this.dataSource.query(`SELECT variation_id FROM products WHERE variation_id IS NOT NULL ORDER BY id`);
    return rows.map((r) => r.variation_id);
  }

  /** Those of `variationIds` whose stock Square counts (a Square count was applied to their product). */
  async squareCountedVariationIds(variationIds: readonly string[]): Promise<Set<string>> {
    if (variationIds.length === 0) return new Set();
    const rows: Array<{ variation_id: string }> = await this.dataSource.query(
      `SELECT variation_id FROM products WHERE variation_id = ANY($1::varchar[]) AND square_counted_at IS NOT NULL`,
      [[...variationIds]],
    );
    return new Set(rows.map((r) => r.variation_id));
  }

  /**
   * Counted products at or below their low-stock threshold (0 without one: out of stock), fewest
   * first, for the owner's summary. The same rule as shared-types isLowStock.
   */
  async lowStock(limit = LOW_STOCK_LIMIT): Promise<LowStockProduct[]> {
    const rows: Array<{ id: number; name: string; slug: string; stock_count: number; low_stock_threshold: number | null }> = await this.dataSource.query(
      `SELECT id, name, slug, stock_count, low_stock_threshold FROM products
       WHERE stock_count IS NOT NULL AND stock_count <= coalesce(low_stock_threshold, 0)
       ORDER BY stock_count, lower(name) COLLATE "C", id
       LIMIT $1`,
      [Math.min(Math.max(1, Math.trunc(limit)), LOW_STOCK_LIMIT)],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      stockCount: Number(r.stock_count),
      lowStockThreshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold),
    }));
  }
}

function inTransaction(manager: EntityManager, what: string): void {
  if (!manager.queryRunner?.isTransactionActive) throw new Error(`StockService.${what} must run in the caller's transaction`);
}

/** One line per product, in id order (the lock order), with positive whole quantities. */
function merged(lines: readonly StockLine[]): StockLine[] {
  const byId = new Map<number, number>();
  for (const { productId, quantity } of lines) {
    if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(quantity) || quantity <= 0 || quantity > STOCK_MAX) {
      throw new UserInputError(`Invalid stock quantity ${quantity} for product #${productId}`, 'BAD_STOCK_QUANTITY');
    }
    byId.set(productId, (byId.get(productId) ?? 0) + quantity);
  }
  return [...byId].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

function shortOf(name: string, left: number): ConflictError {
  return left <= 0
    ? new ConflictError(`${name} is out of stock. Please remove it from your cart.`, 'OUT_OF_STOCK')
    : new ConflictError(`Only ${left} left of ${name}. Please lower the quantity in your cart.`, 'NOT_ENOUGH_STOCK');
}
