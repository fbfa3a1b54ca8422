import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions, categoriesQueryOptions } from './categories';
import { productBySlugQueryOptions } from './product-by-slug';
import { featuredProductsQueryOptions } from './featured-products';
import { productsQueryOptions } from './products';
import { featuredTestimonialsQueryOptions } from './testimonials';

/**
 * A first screen's catalogue answers (shared-types' FirstScreenData) as the data of the calls that
 * give them, under the query keys the pages' hooks use: the server renders the pages from a cache
 * seeded so, and the app seeds its own from the page's data block before its first render.
 */
export function seedCatalogueFirstScreen(client: QueryClient, data: FirstScreenData): void {
  switch (data.page) {
    case 'home':
      client.setQueryData(featuredProductsQueryOptions.queryKey, data.featured);
      client.setQueryData(categoriesQueryOptions.queryKey, data.categories);
      client.setQueryData(featuredTestimonialsQueryOptions.queryKey, data.testimonials);
      break;
    case 'products':
      client.setQueryData(productsQueryOptions.queryKey, data.products);
      client.setQueryData(catalogCategoriesQueryOptions.queryKey, data.categories);
      break;
    case 'product':
      client.setQueryData(productBySlugQueryOptions(data.product.slug).queryKey, data.product);
      client.setQueryData(catalogCategoriesQueryOptions.queryKey, data.categories);
      break;
    case 'events':
      client.setQueryData(categoriesQueryOptions.queryKey, data.categories);
      break;
    default:
  }
}
