import { queryOptions } from '@tanstack/react-query';
import { apiFetchList } from '../../../lib/api-fetch';

/** A list the home page features (its seasonal products, its testimonials): GET `path`, fresh for 5 minutes, retried twice. */
export const featuredQueryOptions = <T, K extends string>(name: K, path: string) =>
  queryOptions({
    queryKey: [name, 'featured'] as const,
    queryFn: ({ signal }) => apiFetchList<T>(path, signal),
    staleTime: 5 * 60 * 1000,
    retry: 2,
  });
