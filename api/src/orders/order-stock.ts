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
