/**
 * Responsive product images: every uploaded image gets WebP (and AVIF) copies at a few
 * widths under /uploads/variants/, named with a hash of the image's bytes, so their URLs never
 * change meaning and can be cached for a year; replacing an image under the same name gives new
 * URLs at once.
 *
 * The API gives a product or category an image *reference* per image it has variants of: the URL
 * of its largest variant, `/uploads/variants/<filename>.<hash8>.<largest width>.<avif|webp>`. The
 * reference describes itself: every variant's URL, the widths made (never upscaled) and whether
 * AVIF copies exist follow from it, so a cart line or a gallery entry that keeps just this one
 * string can still build `srcset`. `.avif` means AVIF and WebP copies exist, `.webp` WebP only
 * (an animated image keeps its animation in WebP and gets no AVIF).
 */

export const PRODUCT_IMAGES_PATH = '/uploads/products/';
export const IMAGE_VARIANTS_PATH = '/uploads/variants/';
/** The widths made from an upload, each only when narrower than the image (its own width is added up to the last). */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 1024, 1600] as const;
export type ImageVariantFormat = 'avif' | 'webp';

export interface ImageVariantRef {
  /** The uploaded file's name under /uploads/products/. */
  filename: string;
  /** The first 8 hex digits of the SHA-256 of the served (metadata-free) original. */
  hash: string;
  /** The widest variant's width: the image's own width, at most the last of IMAGE_VARIANT_WIDTHS. */
  largest: number;
  avif: boolean;
}

const REF_PATTERN = /^\/uploads\/variants\/([A-Za-z0-9._-]+)\.([0-9a-f]{8})\.([1-9][0-9]{0,4})\.(avif|webp)$/;

/** The widths made for an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(Math.max(1, Math.round(width)), IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]);
  return [...IMAGE_VARIANT_WIDTHS.filter((w) => w < largest), largest];
}

/** A variant's file name in /uploads/variants/. */
export function variantFileName(filename: string, hash: string, width: number, format: ImageVariantFormat): string {
  return `${filename}.${hash}.${width}.${format}`;
}

export function imageVariantRef(ref: ImageVariantRef): string {
  return IMAGE_VARIANTS_PATH + variantFileName(ref.filename, ref.hash, ref.largest, ref.avif ? 'avif' : 'webp');
}

export function parseImageVariantRef(url: string | null | undefined): ImageVariantRef | null {
  const match = url ? REF_PATTERN.exec(url) : null;
  if (!match) return null;
  return { filename: match[1], hash: match[2], largest: Number(match[3]), avif: match[4] === 'avif' };
}

/**
 * The URL an image field should be shown with: its reference when the API gave one in `refs`
 * (keyed by the field's value), otherwise the value itself (SVGs, outside URLs, images not yet
 * processed, which the lowercase/.webp/placeholder chain still covers).
 */
export function resolveImageUrl(url: string | null | undefined, refs: Readonly<Record<string, string>> | null | undefined): string | null {
  if (!url) return null;
  return refs?.[url] ?? url;
}

export interface ResponsiveImage {
  /** What `<img src>` loads where srcset is not used: the WebP variant nearest to `fallbackWidth`. */
  src: string;
  webpSrcSet: string;
  /** Only when AVIF copies exist. */
  avifSrcSet: string | null;
  sizes: string;
  /** The uploaded file's own URL: tried next if the variants fail (an image replaced since the reference was kept). */
  original: string;
}

/**
 * `srcset`/`sizes` for a reference; null for any other URL. `sizes` must describe the layout
 * (e.g. '64px' for a cart thumbnail, so the browser picks the 160 w copy).
 */
export function responsiveImage(url: string | null | undefined, sizes: string, fallbackWidth = 640): ResponsiveImage | null {
  const ref = parseImageVariantRef(url);
  if (!ref) return null;
  const widths = variantWidths(ref.largest);
  const srcSet = (format: ImageVariantFormat) =>
    widths.map((w) => `${IMAGE_VARIANTS_PATH}${variantFileName(ref.filename, ref.hash, w, format)} ${w}w`).join(', ');
  const fallback = widths.find((w) => w >= fallbackWidth) ?? ref.largest;
  return {
    src: IMAGE_VARIANTS_PATH + variantFileName(ref.filename, ref.hash, fallback, 'webp'),
    webpSrcSet: srcSet('webp'),
    avifSrcSet: ref.avif ? srcSet('avif') : null,
    sizes,
    original: PRODUCT_IMAGES_PATH + ref.filename,
  };
}

/**
 * The candidate a browser picks from a `srcset` of `w` descriptors for a slot `slotPx` CSS pixels
 * wide at `dpr`: the narrowest at least slotPx × dpr wide, else the widest. (Used by tests and
 * to reason about `sizes`; browsers make this choice themselves.)
 */
export function pickSrcSetCandidate(srcSet: string, slotPx: number, dpr = 1): { url: string; width: number } | null {
  const candidates = srcSet
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .map(([url, descriptor]) => ({ url, width: Number(descriptor?.replace(/w$/, '')) }))
    .filter((c) => c.url && Number.isFinite(c.width))
    .sort((a, b) => a.width - b.width);
  return candidates.find((c) => c.width >= slotPx * dpr) ?? candidates[candidates.length - 1] ?? null;
}
