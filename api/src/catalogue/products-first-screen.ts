import {
  CATALOGUE_FIRST_SCREEN_DATA_ID,
  type CatalogueFirstScreenData,
  type Category,
  DEFAULT_PRODUCT_SUBTITLE,
  filterFromSlug,
  filterProducts,
  formatPrice,
  groupProductsByCategory,
  type Product,
  sortProducts,
} from '@cocoa/shared-types';
import type { CategoriesService } from './categories.service';
import type { ProductsService } from './products.service';

/**
 * The catalogue the /products page shows, written into the HTML the server sends: on a throttled
 * phone the list would otherwise wait for the start-up chunk, the page chunk and two API calls
 * (Lighthouse LCP ~6 s). Read from the services behind those two calls, so it is the same answer
 * they give; the server keeps it in the PublicAnswerCache, which forgets it on any change.
 */
export async function loadCatalogueFirstScreen(products: ProductsService, categories: CategoriesService): Promise<CatalogueFirstScreenData> {
  const [productList, categoryList] = await Promise.all([products.listPublic(), categories.list()]);
  return { products: productList, categories: categoryList };
}

/**
 * The products page as the app renders it in its default list view (same elements and class names
 * as ProductsPage, ProductsView and ProductListEntry, styled by the app's own stylesheet), so
 * nothing grows or moves when React replaces it.
 * The view toggle and the category filter are pictures until the app runs (`inert`); product
 * links work without it.
 */
export function renderProductsFirstScreen(data: CatalogueFirstScreenData, categorySlug: string | null): string {
  const filter = filterFromSlug(data.categories, categorySlug);
  const visible = sortProducts(filterProducts(data.products, filter));
  const options = [{ label: 'All Products', slug: '', active: filter === 'all' }].concat(
    data.categories.map((c) => ({ label: c.name, slug: c.slug, active: filter === c.id })),
  );
  const tabs = options
    .map((o) => `<button type="button" role="tab" aria-selected="${o.active}"${o.active ? ' class="is-active"' : ''}>${escapeHtml(o.label)}</button>`)
    .join('');
  const select = options.map((o) => `<option value="${escapeHtml(o.slug)}"${o.active ? ' selected' : ''}>${escapeHtml(o.label)}</option>`).join('');

  return (
    '<div class="container page">' +
    '<div class="page-head"><h1>Our Products</h1>' +
    '<div class="view-toggle" role="group" aria-label="View" inert><button type="button" aria-pressed="true">List</button><button type="button" aria-pressed="false">Grid</button></div></div>' +
    // The app picks tabs or the dropdown with a media query in JS; here CSS shows one (index.html).
    `<div class="category-tabs boot__wide" role="tablist" aria-label="Filter by category" inert>${tabs}</div>` +
    `<div class="category-select boot__narrow" inert><label for="category-select">Select Category</label><select id="category-select">${select}</select></div>` +
    productsMarkup(visible, data.categories, filter === 'all') +
    '</div>'
  );
}

/** A JSON data block (not executed, so the Content-Security-Policy allows it) for the app's first render. */
export function catalogueDataBlock(data: CatalogueFirstScreenData): string {
  return `<script type="application/json" id="${CATALOGUE_FIRST_SCREEN_DATA_ID}">${jsonForHtml(data)}</script>`;
}

function productsMarkup(visible: Product[], categories: Category[], all: boolean): string {
  if (visible.length === 0) return '<div class="empty-state"><h2>No products found</h2><p>Try selecting a different category</p></div>';
  if (!all) return `<ul class="product-list product-list--two-columns" data-testid="product-list">${visible.map(entryMarkup).join('')}</ul>`;
  const groups = groupProductsByCategory(visible, categories).map(
    (g) =>
      `<section class="product-group" aria-labelledby="group-${g.key}"><h2 id="group-${g.key}">${escapeHtml(g.name)}</h2>` +
      (g.description ? `<p class="muted">${escapeHtml(g.description)}</p>` : '') +
      `<ul class="product-list">${g.products.map(entryMarkup).join('')}</ul></section>`,
  );
  return `<div class="product-groups" data-testid="product-list">${groups.join('')}</div>`;
}

function entryMarkup(p: Product): string {
  const stock = p.inStock ? 'in' : 'out';
  return (
    `<li class="product-entry"><a href="/products/${encodeURIComponent(p.slug)}" class="product-entry__link"><span class="product-entry__main">` +
    `<span class="product-entry__name">${escapeHtml(p.name)}${p.featured ? '<span class="badge">Featured</span>' : ''}</span>` +
    `<span class="product-entry__subtitle">${escapeHtml(p.subtitle?.trim() || DEFAULT_PRODUCT_SUBTITLE)}</span>` +
    `<span class="stock stock--${stock}"><span class="stock__dot" aria-hidden="true"></span>${p.inStock ? 'In Stock' : 'Out of Stock'}</span>` +
    `</span><span class="product-entry__price">${escapeHtml(formatPrice(p.price))}</span></a></li>`
  );
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values from the catalogue (owner-typed, or synced from Square). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON inside <script>: a `<` would let a product name close the element ("</script>") or open a
 * comment; `\u003c` parses back to the same string. U+2028/2029 are escaped for old parsers.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
