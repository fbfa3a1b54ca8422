import { createHash } from 'node:crypto';
import { variantFileName, variantWidths, type ImageVariantFormat } from '@cocoa/shared-types';
import sharp from 'sharp';
import { UserInputError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import type { ImageFormat } from './image-type';

const MAX_INPUT_PIXELS = 50_000_000;
/** AVIF is kept cheap: effort 2 of 9 costs a fraction of the default and is still far smaller than WebP. */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;
const WEBP_QUALITY = 80;

/** sharp here encodes AVIF (its prebuilt libvips carries libheif with AOM); checked once, not assumed. */
export const AVIF_SUPPORTED = Boolean(sharp.format.heif?.output?.buffer);

export interface CleanImage {
  /** The bytes served as the original: decoded and encoded again, so no EXIF, GPS, XMP or IPTC remains. */
  bytes: Buffer;
  /** First 8 hex digits of the SHA-256 of `bytes`. */
  hash: string;
  width: number;
  height: number;
  animated: boolean;
}

export interface Variant {
  name: string;
  width: number;
  format: ImageVariantFormat;
  bytes: Buffer;
}

function input(bytes: Buffer, animated: boolean) {
  return sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 8);
}

/** True when the file carries metadata that must not leave the server (EXIF with GPS, XMP, IPTC). */
export async function carriesMetadata(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes, { failOn: 'none' }).metadata();
  return Boolean(meta.exif || meta.xmp || meta.iptc);
}

/**
 * Decodes the upload fully (a corrupt file is refused with a 400) and encodes it again in its own
 * format, upright (EXIF orientation applied) and without any metadata: sharp writes none unless
 * asked (`withMetadata`/`keepExif`), so the original served at /uploads/products/ carries no EXIF
 * or GPS either. JPEG at quality 90 (mozjpeg), PNG lossless, WebP 90, AVIF 60, GIF as GIF.
 */
export async function cleanImage(bytes: Buffer, format: ImageFormat): Promise<CleanImage> {
  const animatable = format === 'gif' || format === 'webp';
  try {
    const meta = await input(bytes, animatable).metadata();
    const animated = animatable && (meta.pages ?? 1) > 1;
    const image = input(bytes, animated).rotate();
    const encoded = await (
      format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? image.png()
          : format === 'webp'
            ? image.webp({ quality: 90 })
            : format === 'avif'
              ? image.avif({ quality: 60, effort: 2 })
              : image.gif()
    ).toBuffer({ resolveWithObject: true });
    const height = animated ? (meta.pageHeight ?? encoded.info.height) : encoded.info.height;
    return { bytes: encoded.data, hash: contentHash(encoded.data), width: encoded.info.width, height, animated };
  } catch (err) {
    log('warn', 'image could not be decoded', { format, error: errorText(err) });
    throw new UserInputError('The image could not be read. Please choose another file.', 'IMAGE_UNREADABLE');
  }
}

/** An original already free of metadata, described as it is (its bytes kept). */
export async function describeImage(bytes: Buffer, format: ImageFormat): Promise<CleanImage> {
  const meta = await input(bytes, format === 'gif' || format === 'webp').metadata();
  const animated = (format === 'gif' || format === 'webp') && (meta.pages ?? 1) > 1;
  return { bytes, hash: contentHash(bytes), width: meta.width, height: animated ? (meta.pageHeight ?? meta.height) : meta.height, animated };
}

/** The full-size WebP copy beside the original (the `.webp` retry the PWA makes for old URLs). */
export async function fullWebp(image: CleanImage): Promise<Buffer> {
  return input(image.bytes, image.animated).webp({ quality: 82 }).toBuffer();
}

/** The formats made for an image: WebP always, AVIF when sharp has it and the image does not move. */
export function variantFormats(image: Pick<CleanImage, 'animated'>): ImageVariantFormat[] {
  return AVIF_SUPPORTED && !image.animated ? ['avif', 'webp'] : ['webp'];
}

/** Every width of variantWidths (never wider than the image) in every format, for `filename`. */
export async function makeVariants(filename: string, image: CleanImage): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (const width of variantWidths(image.width)) {
    for (const format of variantFormats(image)) {
      const resized = input(image.bytes, image.animated).resize({ width, withoutEnlargement: true });
      const bytes = await (format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp({ quality: WEBP_QUALITY })).toBuffer();
      variants.push({ name: variantFileName(filename, image.hash, width, format), width, format, bytes });
    }
  }
  return variants;
}
