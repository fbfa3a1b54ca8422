import type { Category, Product } from '@cocoa/shared-types';

export const categories: Category[] = [
  { id: 1, name: 'Hot Cocoa', slug: 'hot-cocoa', description: 'Warm and rich', imageUrl: '/images/categories/hot-cocoa.svg' },
  { id: 2, name: 'Iced Cocoa', slug: 'iced-cocoa', description: 'Cold and smooth', imageUrl: '/images/categories/iced-cocoa.svg' },
];

export function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    slug: overrides.name.toLowerCase().replace(/\s+/g, '-'),
    subtitle: null,
    description: 'A cocoa mix',
    price: 10,
    imageUrl: '/images/products/cocoa-hot.svg',
    hotImageUrl: null,
    icedImageUrl: null,
    shakeImageUrl: null,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    categoryId: 1,
    inStock: true,
    featured: false,
    variationId: null,
    onlyLeft: null,
    ...overrides,
  };
}

export const products: Product[] = [
  product({ id: 1, name: 'Classic Hot Cocoa', price: 12.99, categoryId: 1, subtitle: 'Rich dark blend' }),
  product({ id: 2, name: 'Peppermint Cocoa', price: 14.5, categoryId: 1, featured: true }),
  product({ id: 3, name: 'Vanilla Iced Cocoa', price: 11, categoryId: 2, inStock: false }),
  product({ id: 4, name: 'Mystery Blend', price: Number.NaN, categoryId: null }),
];
