/** In Stock / Out of Stock; with `onlyLeft` (a product running low), "Only N left" beside it. */
export function StockIndicator({ inStock, onlyLeft }: { inStock: boolean; onlyLeft?: number | null }) {
  return (
    <span className={`stock ${inStock ? 'stock--in' : 'stock--out'}`}>
      <span className="stock__dot" aria-hidden="true" />
      {inStock ? 'In Stock' : 'Out of Stock'}
      {inStock && onlyLeft ? <span className="stock__left"> · Only {onlyLeft} left</span> : null}
    </span>
  );
}
