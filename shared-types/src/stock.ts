/**
 * Stock rules, written once for the API and the PWA.
 *
 * A product's `stockCount` is optional: null means the shop does not count it (it sells while the
 * owner's In stock switch is on). A counted product is out of stock at 0, whatever the switch says;
 * the checkout takes from the count in the order's own transaction and never lets it go below 0.
 * `lowStockThreshold` marks a counted product as low at or below it (null counts as 0: only "out"
 * is worth a warning then). The public catalogue never shows a count, except "Only N left" while
 * a product is low: the owner chose when the number is worth telling.
 */

/** The largest stock count or threshold the owner can type. */
export const STOCK_MAX = 1_000_000;

interface Counted {
  stockCount: number | null;
  lowStockThreshold: number | null;
}

/** What the storefront shows: the owner's switch, and a counted product with none left is out. */
export function isInStock(product: { inStock: boolean; stockCount: number | null }): boolean {
  return product.inStock && product.stockCount !== 0;
}

/** A counted product at or below its threshold (0 without one). The API's low-stock list uses the same rule in SQL. */
export function isLowStock(product: Counted): boolean {
  return product.stockCount !== null && product.stockCount <= (product.lowStockThreshold ?? 0);
}

/** Only N left: the count a shopper is told, while the product is on sale and low but not out; null otherwise. */
export function onlyLeft(product: Counted & { inStock: boolean }): number | null {
  return product.inStock && isLowStock(product) && product.stockCount! > 0 ? product.stockCount : null;
}

/** The admin list's badge: Out (a counted product with none left), Low, or none. */
export function stockBadge(product: Counted): 'Out' | 'Low' | null {
  if (product.stockCount === 0) return 'Out';
  return isLowStock(product) ? 'Low' : null;
}
