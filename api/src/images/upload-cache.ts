import { basename, dirname, resolve } from 'node:path';
import { IMAGE_VARIANTS_PATH, parseImageVariantRef } from '@cocoa/shared-types';
import type { Response } from 'express';
import { VARIANTS_FOLDER } from './images.service';

/** A variant's URL names its bytes (a content hash): it never changes, so it is kept for a year. */
export const IMMUTABLE_IMAGE_CACHE = 'public, max-age=31536000, immutable';
/**
 * Everything else under /uploads (an original at its own name, which the owner may replace):
 * five minutes, then an ETag revalidation. The app shows variants; these old-style URLs remain
 * for links kept elsewhere and the PWA's lowercase/.webp retry chain.
 */
export const SHORT_UPLOAD_CACHE = 'public, max-age=300';

/** `setHeaders` of the /uploads static route: immutable for hashed variants, short otherwise. */
export function uploadCacheHeaders(uploadsDir: string): (res: Response, path: string) => void {
  const variantsDir = resolve(uploadsDir, VARIANTS_FOLDER);
  return (res, path) => {
    const isVariant = dirname(resolve(path)) === variantsDir && parseImageVariantRef(IMAGE_VARIANTS_PATH + basename(path)) !== null;
    res.setHeader('Cache-Control', isVariant ? IMMUTABLE_IMAGE_CACHE : SHORT_UPLOAD_CACHE);
  };
}
