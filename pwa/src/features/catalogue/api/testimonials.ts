import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/square/testimonials/featured (retry 2, 5 minutes). */
export const fetchFeaturedTestimonials = (signal?: AbortSignal) => apiFetchList<Testimonial>('/api/square/testimonials/featured', signal);

export const featuredTestimonialsQueryOptions = queryOptions({
  queryKey: ['testimonials', 'featured'] as const,
  queryFn: ({ signal }) => fetchFeaturedTestimonials(signal),
  staleTime: 5 * 60 * 1000,
  retry: 2,
});

export const useFeaturedTestimonials = () => useQuery(featuredTestimonialsQueryOptions);
