import { responsiveImage } from '@cocoa/shared-types';

/**
 * A failing image is retried first in lowercase, then with a .webp extension, then replaced by a
 * placeholder. Returns the distinct sources to try, in order.
 */
export function imageCandidates(src: string | null | undefined): string[] {
  if (!src) return [];
  const candidates = [src];
  const lower = src.toLowerCase();
  if (!candidates.includes(lower)) candidates.push(lower);
  const [path, query = ''] = lower.split(/(?=[?#])/);
  const webp = /\.[a-z0-9]+$/.test(path) ? path.replace(/\.[a-z0-9]+$/, '.webp') : `${path}.webp`;
  const withQuery = webp + query;
  if (!candidates.includes(withQuery)) candidates.push(withQuery);
  return candidates;
}

/**
 * `src`/`srcSet`/`sizes` for a plain <img> (WebP copies only; SmartImage adds AVIF and the retry
 * chain): an uploaded image's responsive reference gets its srcset, any other URL stays as it is.
 */
export function imgSources(url: string | null | undefined, sizes: string): { src: string | undefined; srcSet?: string; sizes?: string } {
  const image = responsiveImage(url, sizes);
  return image ? { src: image.src, srcSet: image.webpSrcSet, sizes: image.sizes } : { src: url ?? undefined };
}
