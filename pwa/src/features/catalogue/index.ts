/** Public entry of the catalogue feature. */
export { useCategories, categoriesQueryOptions } from './api/categories';
export { useFeaturedProducts } from './api/featured-products';
export { useFeaturedTestimonials } from './api/testimonials';
export { ProductCard } from './components/product-card';
