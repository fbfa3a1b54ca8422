import { Link } from 'react-router-dom';
import { formatPrice, productCardImages, type Product } from '@cocoa/shared-types';
import { Carousel } from '../../../ui/carousel';
import { addToCart } from '../../cart';
import { StockIndicator } from './stock-indicator';

/** Grid card: image carousel, name and price links, Add button, stock indicator. */
export function ProductCard({ product }: { product: Product }) {
  const href = `/products/${product.slug}`;
  return (
    <article className="product-card card" aria-labelledby={`product-${product.id}-name`}>
      <Carousel images={productCardImages(product)} name={product.name} width={400} height={300} />
      <div className="product-card__body">
        <h3 id={`product-${product.id}-name`} className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <Link to={href} className="product-card__price" aria-label={`${product.name}, ${formatPrice(product.price)}`}>
          {formatPrice(product.price)}
        </Link>
        <div className="product-card__actions">
          <StockIndicator inStock={product.inStock} />
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={!product.inStock}
            aria-label={`Add ${product.name} to cart`}
            onClick={() => addToCart(product)}
          >
            Add
          </button>
        </div>
      </div>
    </article>
  );
}
