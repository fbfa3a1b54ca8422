import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  type ImageBulkDeleteResult,
  type ImageInfo,
  type ImageUploadResult,
  imageVariantRef,
  type imageUploadFieldsSchema,
  PRODUCT_IMAGES_PATH,
  parseImageVariantRef,
  variantFileName,
  variantWidths,
} from '@cocoa/shared-types';
import type { z } from 'zod';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { newestFiles } from '../common/newest-files';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { detectImageFormat, EXTENSION, type ImageFormat } from './image-type';
import { carriesMetadata, type CleanImage, cleanImage, describeImage, fullWebp, makeVariants, variantFormats } from './image-variants';

export const PRODUCT_IMAGES_URL = PRODUCT_IMAGES_PATH;
export const IMAGE_LIST_MAX = 1000;
export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed';
/** The folder of uploadsDir holding the variants (served at /uploads/variants/). */
export const VARIANTS_FOLDER = 'variants';
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif']);
const NAME_MAX = 80;

type UploadFields = z.output<typeof imageUploadFieldsSchema>;

/** What is known of one original: its file's size and mtime when looked at, and its reference. */
interface Known {
  size: number;
  mtimeMs: number;
  ref: string;
}

/**
 * Product images under uploadsDir/products, served at /uploads/products/. The type is decided from
 * the bytes, names are sanitised (lowercase, no separators, no dot-dot), nothing is silently
 * overwritten, and every upload gets a WebP copy beside it (the PWA falls back to it).
 *
 * Responsive variants (the URL scheme is in shared-types images.ts): every upload is
 * decoded and encoded again without metadata (the original served carries no EXIF or GPS), and
 * WebP and AVIF copies at the widths of `variantWidths` are written to uploadsDir/variants under
 * names carrying a hash of the original's bytes; the copies of the previous bytes are removed once
 * the new ones are in place, so a replaced image gets new URLs at once (old ones answer 404 and the
 * PWA falls back to the original's own URL).
 *
 * Images that were there before variants existed (or were copied into the folder by hand) are
 * done **when first needed, and by a backfill at start**: asking for an image's reference
 * (`refsFor`, called when the catalogue answers) never waits for encoding; an image without
 * variants answers no reference (the PWA shows its plain URL with its lowercase/.webp/placeholder retry chain) and is
 * queued; the backfill started with the module queues every image in the folder, one at a time,
 * so a deploy does not load the CPU at once. An old original that carries EXIF, XMP or IPTC is
 * rewritten stripped before its variants are made. No migration: the files are the truth, and a
 * database table would have to be kept in step with a volume that backups do not hold.
 */
@Injectable()
export class ImagesService implements OnModuleInit, OnApplicationShutdown {
  readonly dir: string;
  readonly variantsDir: string;
  /** filename → what its variants are, valid while the file keeps that size and mtime (another replica may replace it). */
  private readonly known = new Map<string, Known>();
  /** filename → the variant work under way for it (one at a time per file). */
  private readonly pending = new Map<string, Promise<void>>();
  /** Background work runs one file after another. */
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = resolve(config.uploadsDir, 'products');
    this.variantsDir = resolve(config.uploadsDir, VARIANTS_FOLDER);
  }

  async onModuleInit(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await mkdir(this.variantsDir, { recursive: true });
    void this.backfill();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** Waits for the variant work queued so far (tests, and a clean shutdown). */
  async idle(): Promise<void> {
    for (let last: Promise<void> | undefined; last !== this.queue;) {
      last = this.queue;
      await last;
    }
  }

  async upload(file: Express.Multer.File | undefined, fields: UploadFields): Promise<ImageUploadResult> {
    if (!file || file.size === 0) throw new UserInputError('Choose an image to upload', 'IMAGE_REQUIRED');
    const format = detectImageFormat(file.buffer);
    if (!format) throw new UserInputError(NOT_AN_IMAGE, 'IMAGE_TYPE_NOT_ALLOWED');
    const replace = fields.replace === 'true';
    const filename = replace && fields.target ? await this.replaceTarget(fields.target, format) : `${sanitiseStem(file.originalname)}.${EXTENSION[format]}`;
    const webpName = `${stemOf(filename)}.webp`;
    if (!replace && ((await exists(this.pathOf(filename))) || (format !== 'webp' && (await exists(this.pathOf(webpName)))))) {
      throw new ConflictError(`An image named "${filename}" already exists`, 'IMAGE_EXISTS');
    }
    // Everything is encoded before anything is written: a file sharp cannot read changes nothing.
    const clean = await cleanImage(file.buffer, format);
    const webp = format === 'webp' ? undefined : await fullWebp(clean);
    const variants = await makeVariants(filename, clean);
    if (replace) {
      await this.write(filename, clean.bytes);
      if (webp) await this.write(webpName, webp);
    } else {
      // Created only if still absent: of two uploads racing for one name, the second gets the 409.
      await this.writeNew(filename, clean.bytes);
      if (webp) {
        try {
          await this.writeNew(webpName, webp);
        } catch (err) {
          await rm(this.pathOf(filename), { force: true });
          throw err;
        }
      }
    }
    for (const variant of variants) await this.writeVariant(variant.name, variant.bytes);
    await this.removeVariants(filename, clean.hash);
    const ref = await this.remember(filename, clean);
    log('info', 'image uploaded', { filename, format, bytes: file.size, type: fields.type, replaced: replace, variants: variants.length });
    return { filename, path: `${PRODUCT_IMAGES_URL}${filename}`, ref };
  }

  /**
   * The responsive reference of each image URL given that names a file in /uploads/products/ whose
   * variants exist (see the class note): `{ [url]: ref }`. Never waits for encoding.
   */
  async refsFor(urls: ReadonlyArray<string | null | undefined>): Promise<Record<string, string>> {
    const refs: Record<string, string> = {};
    await Promise.all(
      [...new Set(urls)].map(async (url) => {
        const filename = url?.startsWith(PRODUCT_IMAGES_URL) ? this.safeName(url.slice(PRODUCT_IMAGES_URL.length)) : undefined;
        const ref = filename ? await this.refOf(filename) : undefined;
        if (url && ref) refs[url] = ref;
      }),
    );
    return refs;
  }

  private async refOf(filename: string): Promise<string | undefined> {
    const info = await stat(this.pathOf(filename)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const known = this.known.get(filename);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known.ref;
    void this.ensure(filename);
    return undefined;
  }

  /** Queues the variants of one original (made, or found already made by another replica). */
  private ensure(filename: string): Promise<void> {
    const running = this.pending.get(filename);
    if (running) return running;
    const work = this.queue.then(() => (this.stopped ? undefined : this.makeMissing(filename)));
    const tracked = work
      .catch((err: unknown) => log('warn', 'image variants could not be made', { filename, error: errorText(err) }))
      .finally(() => this.pending.delete(filename));
    this.pending.set(filename, tracked);
    this.queue = tracked;
    return tracked;
  }

  private async makeMissing(filename: string): Promise<void> {
    const format = extensionFormat(filename);
    const bytes = await readFile(this.pathOf(filename)).catch(() => undefined);
    if (!format || !bytes || detectImageFormat(bytes) !== format) return;
    let clean: CleanImage;
    if (await carriesMetadata(bytes)) {
      // An original from before stripping: served without its EXIF/GPS from now on.
      clean = await cleanImage(bytes, format);
      await this.write(filename, clean.bytes);
      log('info', 'image metadata stripped', { filename });
    } else {
      clean = await describeImage(bytes, format);
    }
    const missing = await this.missingVariants(filename, clean);
    if (missing) {
      for (const variant of await makeVariants(filename, clean)) await this.writeVariant(variant.name, variant.bytes);
    }
    await this.removeVariants(filename, clean.hash);
    await this.remember(filename, clean);
  }

  private async missingVariants(filename: string, image: CleanImage): Promise<boolean> {
    for (const width of variantWidths(image.width)) {
      for (const format of variantFormats(image)) {
        if (!(await exists(join(this.variantsDir, variantFileName(filename, image.hash, width, format))))) return true;
      }
    }
    return false;
  }

  private async remember(filename: string, image: CleanImage): Promise<string> {
    const ref = imageVariantRef({
      filename,
      hash: image.hash,
      largest: variantWidths(image.width).at(-1) ?? image.width,
      avif: variantFormats(image).includes('avif'),
    });
    const info = await stat(this.pathOf(filename));
    this.known.set(filename, { size: info.size, mtimeMs: info.mtimeMs, ref });
    return ref;
  }

  /** Queues every original in the folder (see the class note); returns when all are done. */
  async backfill(): Promise<void> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const originals = entries.filter((e) => e.isFile() && this.safeName(e.name) !== undefined).map((e) => e.name);
    const shown = new Set(originals.filter((f) => extensionOf(f) !== 'webp').map(stemOf));
    // A WebP copy of another upload is not an original of its own.
    await Promise.all(originals.filter((f) => extensionOf(f) !== 'webp' || !shown.has(stemOf(f))).map((f) => this.ensure(f)));
  }

  /** Removes the variants of `filename` except those of the hash kept (all of them when none is). */
  private async removeVariants(filename: string, keepHash?: string): Promise<void> {
    const names = await readdir(this.variantsDir).catch(() => [] as string[]);
    const prefix = `${filename}.`;
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix))
        .filter((name) => {
          const ref = parseImageVariantRef(`/uploads/${VARIANTS_FOLDER}/${name}`);
          return ref !== null && ref.filename === filename && ref.hash !== keepHash;
        })
        .map((name) => rm(join(this.variantsDir, name), { force: true })),
    );
  }

  private safeName(name: string): string | undefined {
    try {
      return this.nameFromPath(name);
    } catch {
      return undefined;
    }
  }

  /** Newest first, at most IMAGE_LIST_MAX; WebP copies of another upload are not listed. */
  async list(): Promise<{ images: ImageInfo[] }> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.') && IMAGE_EXTENSIONS.has(extensionOf(e.name))).map((e) => e.name);
    const originals = new Set(files.filter((f) => extensionOf(f) !== 'webp').map(stemOf));
    const shown = files.filter((f) => extensionOf(f) !== 'webp' || !originals.has(stemOf(f)));
    const images = await newestFiles(this.dir, shown, IMAGE_LIST_MAX, 'a-z', (filename, info) => {
      const known = this.known.get(filename);
      const ref = known && known.size === info.size && known.mtimeMs === info.mtimeMs ? { ref: known.ref } : {};
      return { path: `${PRODUCT_IMAGES_URL}${filename}`, filename, size: info.size, createdAt: info.mtime.toISOString(), ...ref };
    });
    return { images };
  }

  /** Deletes one image (and its WebP copy); only names inside uploads/products can be given. */
  async remove(imagePath: string): Promise<void> {
    const filename = this.nameFromPath(imagePath);
    try {
      await unlink(this.pathOf(filename));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError('Image not found', 'IMAGE_NOT_FOUND');
      throw err;
    }
    if (extensionOf(filename) !== 'webp') await rm(this.pathOf(`${stemOf(filename)}.webp`), { force: true });
    this.known.delete(filename);
    await this.removeVariants(filename);
  }

  async removeMany(imagePaths: readonly string[]): Promise<ImageBulkDeleteResult> {
    const results: ImageBulkDeleteResult['results'] = { success: [], failed: [] };
    for (const path of imagePaths) {
      try {
        await this.remove(path);
        results.success.push(path);
      } catch (err) {
        results.failed.push({ path, error: err instanceof Error && 'status' in err ? err.message : 'Failed to delete image' });
      }
    }
    return { results };
  }

  /**
   * `/uploads/products/x.png`, a URL ending in it, or `x.png` → `x.png`. Anything naming another
   * folder, a separator, a dot-dot or a non-image file is refused.
   */
  nameFromPath(imagePath: string): string {
    let path = imagePath.trim();
    try {
      if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
      path = decodeURIComponent(path);
    } catch {
      throw invalidPath();
    }
    if (path.startsWith(PRODUCT_IMAGES_URL)) path = path.slice(PRODUCT_IMAGES_URL.length);
    else if (path.startsWith(PRODUCT_IMAGES_URL.slice(1))) path = path.slice(PRODUCT_IMAGES_URL.length - 1);
    if (!isSafeName(path)) throw invalidPath();
    const full = resolve(this.dir, path);
    if (dirname(full) !== this.dir || basename(full) !== path) throw invalidPath();
    return path;
  }

  private async replaceTarget(target: string, format: ImageFormat): Promise<string> {
    const filename = this.nameFromPath(target);
    if (!(await exists(this.pathOf(filename)))) throw new NotFoundError('The image to replace was not found', 'IMAGE_NOT_FOUND');
    const ext = extensionOf(filename);
    if ((ext === 'jpeg' ? 'jpg' : ext) !== EXTENSION[format]) {
      throw new UserInputError(`The new image must be a ${ext.toUpperCase()} file like ${filename}`, 'IMAGE_TYPE_MISMATCH');
    }
    return filename;
  }

  private pathOf(filename: string): string {
    return join(this.dir, filename);
  }

  /** Write beside, then hard-link into place: fails with 409 when the name exists, never half a file. */
  private async writeNew(filename: string, bytes: Buffer): Promise<void> {
    const temp = this.pathOf(`.${filename}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes);
      await link(temp, this.pathOf(filename)).catch(async (err: NodeJS.ErrnoException) => {
        // A file system without hard links (some network shares): check, then rename.
        if (err.code !== 'EPERM' && err.code !== 'ENOTSUP' && err.code !== 'ENOSYS') throw err;
        if (await exists(this.pathOf(filename))) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
        await rename(temp, this.pathOf(filename));
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ConflictError(`An image named "${filename}" already exists`, 'IMAGE_EXISTS');
      throw err;
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Write beside, then rename: a reader never sees half a file. */
  private async write(filename: string, bytes: Buffer, dir = this.dir): Promise<void> {
    const temp = join(dir, `.${filename}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes);
      await rename(temp, join(dir, filename));
    } finally {
      await rm(temp, { force: true });
    }
  }

  private writeVariant(name: string, bytes: Buffer): Promise<void> {
    return this.write(name, bytes, this.variantsDir);
  }
}

/** The format a file's extension names, if an image one. */
function extensionFormat(filename: string): ImageFormat | undefined {
  const ext = extensionOf(filename);
  return (Object.keys(EXTENSION) as ImageFormat[]).find((f) => EXTENSION[f] === ext || (f === 'jpeg' && ext === 'jpeg'));
}

/** The stem of a browser-sent name: lowercase letters, digits, - and _, never empty. */
export function sanitiseStem(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const stem = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, NAME_MAX)
    .replace(/[-_]+$/g, '');
  return stem || 'image';
}

function isSafeName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    !/[\\/\0]/.test(name) &&
    !name.startsWith('.') &&
    !name.includes('..') &&
    /^[A-Za-z0-9._-]+$/.test(name) &&
    IMAGE_EXTENSIONS.has(extensionOf(name))
  );
}

function invalidPath(): UserInputError {
  return new UserInputError('Invalid image path', 'INVALID_IMAGE_PATH');
}

function extensionOf(name: string): string {
  return extname(name).slice(1).toLowerCase();
}

function stemOf(name: string): string {
  return name.slice(0, name.length - extname(name).length);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
