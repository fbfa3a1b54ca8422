import { useQuery } from '@tanstack/react-query';
import type { Product } from '@cocoa/shared-types';
import { featuredQueryOptions } from './featured';

/** GET /api/products/featured: the home page's Seasonal Products. */
export const featuredProductsQueryOptions = featuredQueryOptions<Product, 'products'>('products', '/api/products/featured');

export const useFeaturedProducts = () => useQuery(featuredProductsQueryOptions);
