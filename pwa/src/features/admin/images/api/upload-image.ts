import { useQueryClient } from '@tanstack/react-query';
import type { IMAGE_TYPES, ImageUploadResult } from '@cocoa/shared-types';
import { xhrUpload } from '../../shared/upload';
import { imagesQueryOptions } from './images';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface UploadOptions {
  type?: ImageType;
  replace?: boolean;
  target?: string;
}

/** Where an uploaded file is served. */
export const uploadedImagePath = (filename: string) => `/uploads/products/${filename}`;

/**
 * POST /api/products/upload-image (multipart: image, optional type, replace, target); answers the
 * stored filename. A 409 means a file of that name exists: ask, then send again with replace=true.
 */
export async function uploadImage(file: File, options: UploadOptions = {}, onProgress?: (percent: number) => void): Promise<ImageUploadResult> {
  const form = new FormData();
  form.append('image', file);
  if (options.type) form.append('type', options.type);
  if (options.replace) form.append('replace', 'true');
  if (options.target) form.append('target', options.target);
  const answer = await xhrUpload<Partial<ImageUploadResult> | undefined>('/api/products/upload-image', form, onProgress);
  const filename = answer?.filename ?? file.name;
  return { filename, path: answer?.path ?? uploadedImagePath(filename) };
}

/** After uploads, the library lists the new files. */
export function useRefreshImages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: imagesQueryOptions.queryKey });
}
