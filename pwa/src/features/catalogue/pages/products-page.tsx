import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterFromSlug, PRODUCTS_PLACEHOLDER_COUNT } from '@cocoa/shared-types';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCatalogCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { CategoryFilter } from '../components/category-filter';
import { ProductsView, type ProductsViewMode } from '../components/products-view';

export default function ProductsPage() {
  useDocumentTitle('Our Products');
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<ProductsViewMode>('list');
  const products = useProducts();
  const categories = useCatalogCategories();
  const failed = products.isError && !products.data;
  useEffect(() => {
    if (failed) console.error('Could not load products; showing an empty catalogue', products.error);
  }, [failed, products.error]);
  const categoryList = categories.data ?? [];
  const filter = filterFromSlug(categoryList, params.get('category'));

  return (
    <div className="container page">
      <div className="page-head">
        <h1>Our Products</h1>
        <div className="view-toggle" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            List
          </button>
          <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            Grid
          </button>
        </div>
      </div>
      <CategoryFilter categories={categoryList} value={filter} onChange={(slug) => setParams(slug ? { category: slug } : {}, { replace: true })} />
      {products.isPending ? (
        <div className="product-grid" role="status" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: PRODUCTS_PLACEHOLDER_COUNT }, (_, i) => (
            <Skeleton key={i} className="skeleton--card" />
          ))}
        </div>
      ) : (
        <ProductsView products={products.data ?? []} categories={categoryList} filter={filter} view={view} />
      )}
    </div>
  );
}
