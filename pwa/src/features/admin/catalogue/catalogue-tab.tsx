import { useEffect, useState } from 'react';
import { type AdminProduct, formatPrice, IMPORT_CLEAR_MARK, stockBadge, type Category } from '@cocoa/shared-types';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { SkeletonLines } from '../../../ui/skeleton';
import { useAdminCategories } from './api/categories';
import { useDeleteCategory, useDeleteProduct } from './api/catalogue-changes';
import { PRODUCTS_EXPORT_URL } from './api/export-products';
import { useImportProducts } from './api/import-products';
import { ADMIN_PAGE_SIZE, useAdminProducts } from './api/products';
import { CategoryDialog } from './category-dialog';
import { DeleteConfirmDialog, MutationConfirmDialog } from '../shared/dialog';
import { ProductDialog } from './product-dialog';
import { FileButton } from '../shared/file-button';
import { ImageRow } from '../shared/image-row';
import { LoadFailed } from '../shared/query-state';
import { AddButton, AdminCard } from '../shared/admin-card';

/** Catalogue: products (search, create, edit, delete), categories, Excel export and Excel or CSV import. */
export function CatalogueTab() {
  const categories = useAdminCategories();
  return (
    <div className="admin-stack">
      <ProductsCard categories={categories.data ?? []} />
      <CategoriesCard categories={categories.data ?? []} loading={categories.isPending} failed={categories.isError} />
      <ImportExportCard />
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ProductsCard({ categories }: { categories: Category[] }) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 300);
  // A new search starts on its first page.
  const [page, setPage] = useKeyedState(0, query);
  const products = useAdminProducts(query, page);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<AdminProduct | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  const rows = (products.data ?? []).slice(0, ADMIN_PAGE_SIZE);
  const hasNext = (products.data?.length ?? 0) > ADMIN_PAGE_SIZE;
  const categoryName = (id: number | null) => categories.find((category) => category.id === id)?.name ?? 'No category';

  return (
    <AdminCard titleId="products-title" title="Products" actions={<AddButton label="Add Product" onAdd={() => setEditing(null)} />}>
      <div className="field">
        <label htmlFor="product-search">Search products</label>
        <input id="product-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, slug or subtitle" />
      </div>
      {products.isPending ? (
        <SkeletonLines label="Loading products" count={4} />
      ) : products.isError && !rows.length ? (
        <LoadFailed message="Failed to load products. Please try again." onRetry={() => void products.refetch()} />
      ) : !rows.length ? (
        <p className="empty-state">{query.trim() ? 'No products match your search.' : 'No products yet. Add the first one.'}</p>
      ) : (
        <ul className="admin-rows" aria-label="Products">
          {rows.map((product) => (
            <ImageRow
              key={product.id}
              name={product.name}
              imageUrl={product.imageUrl}
              imageRefs={product.imageRefs}
              onEdit={() => setEditing(product)}
              onDelete={() => setDeleting(product)}
            >
              <p className="admin-row__title">
                {product.name}
                {product.featured && <span className="badge">Featured</span>}
                <StockBadge product={product} />
              </p>
              <p className="admin-row__meta muted">
                {formatPrice(product.price)} · {categoryName(product.categoryId)} · {stockText(product)} · /{product.slug}
              </p>
            </ImageRow>
          ))}
        </ul>
      )}
      {(page > 0 || hasNext) && (
        <nav className="admin-pager" aria-label="Product pages">
          <button type="button" className="btn btn--outline" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </button>
          <span>Page {page + 1}</span>
          <button type="button" className="btn btn--outline" onClick={() => setPage((p) => p + 1)} disabled={!hasNext}>
            Next
          </button>
        </nav>
      )}
      {editing !== undefined && <ProductDialog product={editing} categories={categories} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <DeleteConfirmDialog
          what="product"
          name={deleting.name}
          consequence="It disappears from the shop."
          mutation={remove}
          variables={deleting.id}
          onClose={() => setDeleting(null)}
        />
      )}
    </AdminCard>
  );
}

/** The switch for a product nobody counts; the count for a counted one (and the switch when it is off). */
function stockText(product: AdminProduct): string {
  if (product.stockCount == null) return product.inStock ? 'In stock' : 'Out of stock';
  return `${product.stockCount} in stock${product.inStock ? '' : ' (switched off: out of stock)'}`;
}

function StockBadge({ product }: { product: AdminProduct }) {
  const badge = stockBadge(product);
  if (!badge) return null;
  return (
    <span className={`badge ${badge === 'Out' ? 'badge--bad' : 'badge--low'}`}>
      {badge}
      <span className="visually-hidden">{badge === 'Out' ? ' of stock' : ' stock'}</span>
    </span>
  );
}

function CategoriesCard({ categories, loading, failed }: { categories: Category[]; loading: boolean; failed: boolean }) {
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Category | null>(null);
  return (
    <AdminCard titleId="categories-title" title="Categories" actions={<AddButton label="Add Category" onAdd={() => setEditing(null)} />}>
      {loading ? (
        <SkeletonLines label="Loading categories" count={3} />
      ) : failed && !categories.length ? (
        <p className="empty-state" role="alert">
          Failed to load categories. Please try again.
        </p>
      ) : !categories.length ? (
        <p className="empty-state">No categories yet.</p>
      ) : (
        <ul className="admin-rows" aria-label="Categories">
          {categories.map((category) => (
            <ImageRow
              key={category.id}
              name={category.name}
              imageUrl={category.imageUrl}
              imageRefs={category.imageRefs}
              onEdit={() => setEditing(category)}
              onDelete={() => setDeleting(category)}
            >
              <p className="admin-row__title">{category.name}</p>
              <p className="admin-row__meta muted">/{category.slug}</p>
            </ImageRow>
          ))}
        </ul>
      )}
      {editing !== undefined && <CategoryDialog category={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <DeleteConfirmDialog
          what="category"
          name={deleting.name}
          consequence="Its products stay in the shop without a category."
          mutation={remove}
          variables={deleting.id}
          onClose={() => setDeleting(null)}
        />
      )}
    </AdminCard>
  );
}

function ImportExportCard() {
  const importer = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  return (
    <AdminCard titleId="import-title" title="Import and Export">
      <p className="muted">
        Export downloads an Excel workbook with a products sheet, a categories sheet and an options sheet (one row per choice of a drink's options: product
        slug, option, min and max choices, choice, price change in dollars). Import reads the same layout, saved by any spreadsheet program, or a CSV file with
        the products sheet's headers: products are matched by slug, missing categories are created, and a file with any bad row changes nothing.
      </p>
      <ImportRule />
      <div className="admin-actions">
        <a className="btn btn--outline" href={PRODUCTS_EXPORT_URL} download>
          Export to Excel
        </a>
        <FileButton
          className="btn btn--primary"
          busy={importer.isPending}
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          onFile={setFile}
        >
          {importer.isPending ? 'Importing...' : 'Import from Excel or CSV'}
        </FileButton>
      </div>
      {file && (
        <MutationConfirmDialog
          title="Import products?"
          message={
            <>
              <p>
                Import <strong>{file.name}</strong>? Products with the same slug are updated with the file's values and new ones are added.
              </p>
              <ImportRule />
            </>
          }
          confirmLabel="Import"
          busyLabel="Importing..."
          destructive={false}
          mutation={importer}
          variables={file}
          onClose={() => setFile(null)}
        />
      )}
    </AdminCard>
  );
}

/** The blank-cell and clear-mark rule of the import, as the server applies it. */
function ImportRule() {
  return (
    <p className="muted">
      A blank cell leaves that field of an existing product as it is. To empty a field, type <code>{IMPORT_CLEAR_MARK}</code> in its cell. New products need a
      name and a price. Stock Count sets the count as typed: leave that column out of an older file to keep the counts the shop has now. Sold At Cart is yes or
      no. The options sheet gives the options of every product on it or on the products sheet (a product with no options row has none): leave the sheet out, or
      import a CSV, to keep the options the shop has now.
    </p>
  );
}
