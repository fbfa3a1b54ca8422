import type { EntityManager } from 'typeorm';
import type { StockLine } from '../catalogue/stock.service';

/**
 * An order's lines as stock lines (products deleted since are left out), to give back when the
 * order goes. StockService.restock touches only products that are counted, so lines of products
 * nobody counts come back as nothing.
 */
export async function orderStockLines(manager: EntityManager, orderId: string): Promise<StockLine[]> {
  const rows: Array<{ product_id: number; quantity: number }> = await manager.query(
    `SELECT product_id, quantity FROM order_items WHERE order_id = $1 AND product_id IS NOT NULL`,
    [orderId],
  );
  return rows.map((r) => ({ productId: Number(r.product_id), quantity: Number(r.quantity) }));
}

/** An order's lines of products synced from Square (they carry its variation id), for the sale sent to Square's inventory. */
export async function orderSaleLines(manager: EntityManager, orderId: string): Promise<Array<{ variationId: string; quantity: number }>> {
  const rows: Array<{ variation_id: string; quantity: number }> = await manager.query(
    `SELECT variation_id, quantity FROM order_items WHERE order_id = $1 AND variation_id IS NOT NULL ORDER BY id`,
    [orderId],
  );
  return rows.map((r) => ({ variationId: r.variation_id, quantity: Number(r.quantity) }));
}
