/** Public entry of the catalogue feature. */
export { useCategories, categoriesQueryOptions, catalogCategoriesQueryOptions } from './api/categories';
export { productsQueryOptions } from './api/products';
export { featuredProductsQueryOptions, useFeaturedProducts } from './api/featured-products';
export { useFeaturedTestimonials } from './api/testimonials';
export { ProductCard } from './components/product-card';
