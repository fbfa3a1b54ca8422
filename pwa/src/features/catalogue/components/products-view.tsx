import { filterProducts, groupProductsByCategory, sortProducts, type Category, type CategoryFilter, type Product } from '@cocoa/shared-types';
import { ProductCard } from './product-card';
import { ProductListEntry } from './product-list-entry';

export type ProductsViewMode = 'list' | 'grid';

interface ProductsViewProps {
  products: Product[];
  categories: Category[];
  filter: CategoryFilter;
  view: ProductsViewMode;
}

/**
 * List view with All selected: grouped by category; with a category selected: a flat two-column
 * list; grid view: cards in three columns. Always featured first, then by name.
 */
export function ProductsView({ products, categories, filter, view }: ProductsViewProps) {
  const visible = sortProducts(filterProducts(products, filter));

  if (visible.length === 0) {
    return (
      <div className="empty-state">
        <h2>No products found</h2>
        <p>Try selecting a different category</p>
      </div>
    );
  }
  if (view === 'grid') {
    return (
      <div className="product-grid" data-testid="product-grid">
        {visible.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    );
  }
  if (filter !== 'all') {
    return (
      <ul className="product-list product-list--two-columns" data-testid="product-list">
        {visible.map((product) => (
          <ProductListEntry key={product.id} product={product} />
        ))}
      </ul>
    );
  }
  return (
    <div className="product-groups" data-testid="product-list">
      {groupProductsByCategory(visible, categories).map((group) => (
        <section key={group.key} className="product-group" aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`}>{group.name}</h2>
          {group.description && <p className="muted">{group.description}</p>}
          <ul className="product-list">
            {group.products.map((product) => (
              <ProductListEntry key={product.id} product={product} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
