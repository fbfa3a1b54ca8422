import { Link } from 'react-router-dom';
import { DEFAULT_PRODUCT_SUBTITLE, formatPrice, type Product } from '@cocoa/shared-types';
import { StockIndicator } from './stock-indicator';

/** List entry: name, subtitle, Featured badge, stock dot, price, link to the product. */
export function ProductListEntry({ product }: { product: Product }) {
  return (
    <li className="product-entry">
      <Link to={`/products/${product.slug}`} className="product-entry__link">
        <span className="product-entry__main">
          <span className="product-entry__name">
            {product.name}
            {product.featured && <span className="badge">Featured</span>}
          </span>
          <span className="product-entry__subtitle">{product.subtitle?.trim() || DEFAULT_PRODUCT_SUBTITLE}</span>
          <StockIndicator inStock={product.inStock} />
        </span>
        <span className="product-entry__price">{formatPrice(product.price)}</span>
      </Link>
    </li>
  );
}
