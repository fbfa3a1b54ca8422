import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /api/square/catalog/categories: the catalogue's categories (filter, breadcrumb). */
export const fetchCatalogCategories = (signal?: AbortSignal) => apiFetchList<Category>('/api/square/catalog/categories', signal);

export const catalogCategoriesQueryOptions = queryOptions({
  queryKey: ['catalog', 'categories'] as const,
  queryFn: ({ signal }) => fetchCatalogCategories(signal),
  staleTime: FIVE_MINUTES,
  retry: 2,
});

export const useCatalogCategories = () => useQuery(catalogCategoriesQueryOptions);

/** GET /api/categories: the home page's 'Our Flavors' and the events page (retry 2, 5 minutes). */
export const fetchCategories = (signal?: AbortSignal) => apiFetchList<Category>('/api/categories', signal);

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: ({ signal }) => fetchCategories(signal),
  staleTime: FIVE_MINUTES,
  retry: 2,
});

export const useCategories = () => useQuery(categoriesQueryOptions);
