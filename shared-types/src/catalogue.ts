/**
 * Catalogue rules (Products and Product detail pages, filter and carousel) shared by the API,
 * which answers the product list already sorted, and the PWA, which filters, groups and shows
 * the galleries.
 */
import { resolveImageUrl } from './images';
import type { Category, Product, ProductImageField } from './schemas/catalogue.schema';

export const GALLERY_MAX_IMAGES = 5;
export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_TRANSITION_MS = 1000;
export const SWIPE_THRESHOLD_PX = 50;
export const PRODUCTS_PLACEHOLDER_COUNT = 6;
export const HOME_PLACEHOLDER_COUNT = 3;
export const UNCATEGORISED_GROUP_NAME = 'All Products';
export const UNCATEGORISED_GROUP_DESCRIPTION = 'Premium cocoa mix collection';

type ImageFields = Pick<Product, ProductImageField | 'imageRefs'>;

export interface GalleryImage {
  /** The image's responsive reference when the API gave one (see images.ts), else its URL. */
  src: string;
  label: 'Main' | 'Hot' | 'Iced' | 'Shake' | 'Featured';
}

const GALLERY_SLOTS: ReadonlyArray<{ field: Exclude<keyof ImageFields, 'imageRefs'>; label: GalleryImage['label'] }> = [
  { field: 'imageUrl', label: 'Main' },
  { field: 'hotImageUrl', label: 'Hot' },
  { field: 'icedImageUrl', label: 'Iced' },
  { field: 'shakeImageUrl', label: 'Shake' },
  { field: 'featuredImageUrl', label: 'Featured' },
];

/**
 * Product detail gallery: main, hot, iced, shake, featured, in that order; empty ones and any equal
 * to the background image are dropped; at most five.
 */
export function productGalleryImages(product: ImageFields): GalleryImage[] {
  const background = product.backgroundImageUrl?.trim() || null;
  return GALLERY_SLOTS.map(({ field, label }) => ({ src: product[field]?.trim() ?? '', label }))
    .filter((image) => image.src !== '' && image.src !== background)
    .slice(0, GALLERY_MAX_IMAGES)
    .map((image) => withRef(image, product));
}

/** Product card carousel: the available images among main, hot, iced and shake. */
export function productCardImages(product: ImageFields): GalleryImage[] {
  return GALLERY_SLOTS.slice(0, 4)
    .map(({ field, label }) => ({ src: product[field]?.trim() ?? '', label }))
    .filter((image) => image.src !== '')
    .map((image) => withRef(image, product));
}

function withRef(image: GalleryImage, product: ImageFields): GalleryImage {
  return { ...image, src: resolveImageUrl(image.src, product.imageRefs) ?? image.src };
}

type Sortable = Pick<Product, 'featured' | 'name'>;

/** Featured first, then by name alphabetically (case-insensitive, en-US). */
export function compareProducts(a: Sortable, b: Sortable): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  return a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'en-US');
}

export function sortProducts<T extends Sortable>(products: readonly T[]): T[] {
  return [...products].sort(compareProducts);
}

/** Catalogue filter: 'all' or a category id. */
export type CategoryFilter = 'all' | number;

export function filterProducts<T extends Pick<Product, 'categoryId'>>(products: readonly T[], filter: CategoryFilter): T[] {
  return filter === 'all' ? [...products] : products.filter((p) => p.categoryId === filter);
}

/** The filter a `category` query parameter (a category slug) selects; unknown slugs select all. */
export function filterFromSlug(categories: readonly Pick<Category, 'id' | 'slug'>[], slug: string | null | undefined): CategoryFilter {
  if (!slug) return 'all';
  return categories.find((c) => c.slug === slug)?.id ?? 'all';
}

export interface ProductGroup<T> {
  key: string;
  name: string;
  description: string | null;
  products: T[];
}

/**
 * List view with All selected: products grouped by category (in the categories' order) under its
 * name and description; products without a known category go last under 'All Products' with
 * 'Premium cocoa mix collection'. Empty groups are left out; each group keeps the sort order.
 */
export function groupProductsByCategory<T extends Sortable & Pick<Product, 'categoryId'>>(
  products: readonly T[],
  categories: readonly Pick<Category, 'id' | 'name' | 'description'>[],
): ProductGroup<T>[] {
  const known = new Set(categories.map((c) => c.id));
  const groups: ProductGroup<T>[] = categories.map((c) => ({
    key: `category-${c.id}`,
    name: c.name,
    description: c.description,
    products: sortProducts(products.filter((p) => p.categoryId === c.id)),
  }));
  groups.push({
    key: 'uncategorised',
    name: UNCATEGORISED_GROUP_NAME,
    description: UNCATEGORISED_GROUP_DESCRIPTION,
    products: sortProducts(products.filter((p) => p.categoryId == null || !known.has(p.categoryId))),
  });
  return groups.filter((g) => g.products.length > 0);
}
