export function StockIndicator({ inStock }: { inStock: boolean }) {
  return (
    <span className={`stock ${inStock ? 'stock--in' : 'stock--out'}`}>
      <span className="stock__dot" aria-hidden="true" />
      {inStock ? 'In Stock' : 'Out of Stock'}
    </span>
  );
}
