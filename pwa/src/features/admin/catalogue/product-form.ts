import type { AdminProduct, ProductCreate } from '@cocoa/shared-types';
import { type OptionGroupValues, optionFormValues, optionsPayload } from './product-options-form';

export type ImageKey = 'imageUrl' | 'hotImageUrl' | 'icedImageUrl' | 'shakeImageUrl' | 'featuredImageUrl' | 'backgroundImageUrl';

export interface ProductFormValues extends Record<ImageKey, string> {
  name: string;
  slug: string;
  subtitle: string;
  description: string;
  price: string;
  categoryId: string;
  inStock: boolean;
  featured: boolean;
  soldAtCart: boolean;
  variationId: string;
  stockCount: string;
  lowStockThreshold: string;
  /** Options at the cart (size, milk, toppings), as typed. */
  options: OptionGroupValues[];
}

const text = (value: string | null | undefined) => value ?? '';
const countText = (value: number | null | undefined) => (value == null ? '' : String(value));

export function productFormValues(product?: AdminProduct | null): ProductFormValues {
  return {
    name: text(product?.name),
    slug: text(product?.slug),
    subtitle: text(product?.subtitle),
    description: text(product?.description),
    price: product && Number.isFinite(product.price) ? product.price.toFixed(2) : '',
    categoryId: product?.categoryId != null ? String(product.categoryId) : '',
    imageUrl: text(product?.imageUrl),
    hotImageUrl: text(product?.hotImageUrl),
    icedImageUrl: text(product?.icedImageUrl),
    shakeImageUrl: text(product?.shakeImageUrl),
    featuredImageUrl: text(product?.featuredImageUrl),
    backgroundImageUrl: text(product?.backgroundImageUrl),
    inStock: product?.inStock ?? true,
    featured: product?.featured ?? false,
    soldAtCart: product?.soldAtCart ?? false,
    variationId: text(product?.variationId),
    stockCount: countText(product?.stockCount),
    lowStockThreshold: countText(product?.lowStockThreshold),
    options: optionFormValues(product?.options),
  };
}

/** A typed count: blank is "not counted" (null); "1,200" reads as 1200; anything else goes to the schema as a number (NaN, 2.5, -1) for its message. */
function countValue(value: string): number | null {
  const typed = value.trim().replace(/,/g, '');
  return typed === '' ? null : Number(typed);
}

/** Price parsed as a float, category as an integer, counts as whole numbers, options as the API takes them; the shared schema does the rest. */
export function productPayload(values: ProductFormValues): ProductCreate {
  return {
    ...values,
    price: values.price.trim() === '' ? Number.NaN : Number.parseFloat(values.price),
    categoryId: values.categoryId === '' ? null : Number.parseInt(values.categoryId, 10),
    stockCount: countValue(values.stockCount),
    lowStockThreshold: countValue(values.lowStockThreshold),
    options: optionsPayload(values.options),
  };
}
