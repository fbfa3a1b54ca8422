import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@cocoa/shared-types';
import { featuredQueryOptions } from './featured';

/** GET /api/square/testimonials/featured: the home page's testimonials. */
export const featuredTestimonialsQueryOptions = featuredQueryOptions<Testimonial, 'testimonials'>('testimonials', '/api/square/testimonials/featured');

export const useFeaturedTestimonials = () => useQuery(featuredTestimonialsQueryOptions);
