import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImageInfo } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

/** An image of the library (path, filename, size, createdAt). */
export type LibraryImage = ImageInfo;

/** GET /api/images: images[] (path, filename, size, createdAt), newest first. */
export async function fetchImages(signal?: AbortSignal): Promise<LibraryImage[]> {
  const answer = await adminGet<{ images?: LibraryImage[] } | LibraryImage[]>('/api/images', signal);
  const images = Array.isArray(answer) ? answer : Array.isArray(answer?.images) ? answer.images : [];
  return [...images].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
}

export const imagesQueryOptions = queryOptions({
  queryKey: ['admin', 'images'] as const,
  queryFn: ({ signal }) => fetchImages(signal),
  staleTime: 0,
});

export const useImages = () => useQuery(imagesQueryOptions);
