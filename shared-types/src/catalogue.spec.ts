import { compareProducts, filterFromSlug, filterProducts, groupProductsByCategory, productCardImages, productGalleryImages, sortProducts } from './catalogue';

const images = {
  imageUrl: '/a.webp',
  hotImageUrl: '/hot.webp',
  icedImageUrl: null,
  shakeImageUrl: '/bg.webp',
  featuredImageUrl: '/f.webp',
  backgroundImageUrl: '/bg.webp',
};

describe('productGalleryImages', () => {
  it('keeps the order main, hot, iced, shake, featured and drops empty and background images', () => {
    expect(productGalleryImages(images)).toEqual([
      { src: '/a.webp', label: 'Main' },
      { src: '/hot.webp', label: 'Hot' },
      { src: '/f.webp', label: 'Featured' },
    ]);
  });
  it('holds at most five images and none when nothing is set', () => {
    const all = { imageUrl: '/1', hotImageUrl: '/2', icedImageUrl: '/3', shakeImageUrl: '/4', featuredImageUrl: '/5', backgroundImageUrl: null };
    expect(productGalleryImages(all).map((i) => i.label)).toEqual(['Main', 'Hot', 'Iced', 'Shake', 'Featured']);
    expect(productGalleryImages({ ...all, imageUrl: '', hotImageUrl: ' ', icedImageUrl: null, shakeImageUrl: null, featuredImageUrl: null })).toEqual([]);
  });
  it('card images never include the featured image', () => {
    expect(productCardImages(images).map((i) => i.label)).toEqual(['Main', 'Hot', 'Shake']);
  });
});

describe('sorting and filtering', () => {
  const products = [
    { id: 1, name: 'banana', featured: false, categoryId: 1 },
    { id: 2, name: 'Apple', featured: false, categoryId: 2 },
    { id: 3, name: 'Zebra', featured: true, categoryId: 1 },
    { id: 4, name: 'cherry', featured: false, categoryId: null },
    { id: 5, name: 'Mango', featured: false, categoryId: 99 },
  ];
  it('sorts featured first, then by name regardless of case', () => {
    expect(sortProducts(products).map((p) => p.id)).toEqual([3, 2, 1, 4, 5]);
    expect(compareProducts(products[0], products[0])).toBe(0);
  });
  it('filters by category id or keeps all', () => {
    expect(filterProducts(products, 1).map((p) => p.id)).toEqual([1, 3]);
    expect(filterProducts(products, 'all')).toHaveLength(5);
  });
  it('maps a category slug to its id, unknown or missing to all', () => {
    const categories = [{ id: 7, slug: 'hot-cocoa' }];
    expect(filterFromSlug(categories, 'hot-cocoa')).toBe(7);
    expect(filterFromSlug(categories, 'nope')).toBe('all');
    expect(filterFromSlug(categories, null)).toBe('all');
  });
  it('groups by category in category order with uncategorised products last', () => {
    const categories = [
      { id: 2, name: 'Iced', description: 'Cold' },
      { id: 1, name: 'Hot', description: null },
      { id: 3, name: 'Empty', description: null },
    ];
    const groups = groupProductsByCategory(products, categories);
    expect(groups.map((g) => [g.name, g.products.map((p) => p.id)])).toEqual([
      ['Iced', [2]],
      ['Hot', [3, 1]],
      ['All Products', [4, 5]],
    ]);
    expect(groups[2].description).toBe('Premium cocoa mix collection');
  });
});
