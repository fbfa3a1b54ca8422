import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPrice, productGalleryImages } from '@cocoa/shared-types';
import { Carousel } from '../../../ui/carousel';
import { LoadProblem } from '../../../ui/load-problem';
import { QuantityControl } from '../../../ui/quantity-control';
import { Skeleton } from '../../../ui/skeleton';
import { errorToast } from '../../../ui/toast-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { addToCart } from '../../cart';
import { useCatalogCategories } from '../api/categories';
import { useProductBySlug } from '../api/product-by-slug';
import { StockIndicator } from '../components/stock-indicator';

export default function ProductDetailPage() {
  const { slug = '' } = useParams();
  const productQuery = useProductBySlug(slug);
  const categories = useCatalogCategories();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const product = productQuery.data;
  useDocumentTitle(product ? product.name : product === null ? 'Product Not Found' : undefined);

  if (productQuery.isPending) {
    return (
      <div className="container page product-detail" role="status" aria-busy="true" aria-label="Loading product">
        <Skeleton className="skeleton--gallery" />
        <div>
          <Skeleton className="skeleton--title" />
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line" />
        </div>
      </div>
    );
  }

  // Not answered (offline, server away) and not in the cached catalogue: that is not 'Not Found'.
  if (product === undefined) {
    return (
      <LoadProblem
        page
        offline="This product is not saved on this device yet. It will show here when you're back online."
        failed="This product could not be loaded right now."
        onRetry={() => void productQuery.refetch()}
      />
    );
  }

  if (product === null) {
    return (
      <div className="container page empty-state">
        <h1>Product Not Found</h1>
        <p>The product you're looking for does not exist or has been removed.</p>
        <Link to="/products" className="btn btn--primary">
          Browse All Products
        </Link>
      </div>
    );
  }

  // A failed categories call only means no category in the breadcrumb.
  const category = (categories.data ?? []).find((c) => c.id === product.categoryId);

  const onAdd = () => {
    setAdding(true);
    try {
      addToCart(product, quantity);
    } catch (error) {
      console.error(error);
      errorToast('Error', 'Failed to add item to cart');
    } finally {
      setTimeout(() => setAdding(false), 300);
    }
  };

  return (
    <div className="product-page">
      {product.backgroundImageUrl && (
        <div className="product-page__background" aria-hidden="true" style={{ backgroundImage: `url("${product.backgroundImageUrl}")` }} />
      )}
      <div className="container page">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/products">Products</Link>
            </li>
            {category && (
              <li>
                <Link to={`/products?category=${category.slug}`}>{category.name}</Link>
              </li>
            )}
            <li aria-current="page">{product.name}</li>
          </ol>
        </nav>
        <div className="product-detail">
          <Carousel images={productGalleryImages(product)} name={product.name} width={600} height={600} thumbnails eager />
          <div className="product-detail__info">
            <h1>{product.name}</h1>
            <p className="product-detail__price">{formatPrice(product.price)}</p>
            {product.description && <p className="product-detail__description">{product.description}</p>}
            <StockIndicator inStock={product.inStock} onlyLeft={product.onlyLeft} />
            {product.inStock && (
              <div className="product-detail__buy">
                <QuantityControl value={quantity} onChange={setQuantity} label="Quantity" disabled={adding} />
                <button type="button" className="btn btn--primary btn--large" disabled={adding || !product.inStock} onClick={onAdd}>
                  {adding ? 'ADDING TO CART...' : 'ADD TO CART'}
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
