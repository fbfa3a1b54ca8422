import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ImageBulkDeleteResult, ImageInfo, ImageUploadResult, imageUploadFieldsSchema } from '@cocoa/shared-types';
import sharp from 'sharp';
import type { z } from 'zod';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { detectImageFormat, EXTENSION, type ImageFormat } from './image-type';

export const PRODUCT_IMAGES_URL = '/uploads/products/';
export const IMAGE_LIST_MAX = 1000;
export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed';
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif']);
const MAX_INPUT_PIXELS = 50_000_000;
const NAME_MAX = 80;

type UploadFields = z.output<typeof imageUploadFieldsSchema>;

/**
 * Product images under uploadsDir/products, served at /uploads/products/. The type is decided from
 * the bytes, names are sanitised (lowercase, no separators, no dot-dot), nothing is silently
 * overwritten, and every upload gets a WebP copy beside it (the PWA falls back to it).
 */
@Injectable()
export class ImagesService implements OnModuleInit {
  readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = resolve(config.uploadsDir, 'products');
  }

  async onModuleInit(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
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
    const webp = await toWebp(file.buffer, format);
    if (replace) {
      await this.write(filename, file.buffer);
      if (format !== 'webp') await this.write(webpName, webp);
    } else {
      // Created only if still absent: of two uploads racing for one name, the second gets the 409.
      await this.writeNew(filename, file.buffer);
      if (format !== 'webp') {
        try {
          await this.writeNew(webpName, webp);
        } catch (err) {
          await rm(this.pathOf(filename), { force: true });
          throw err;
        }
      }
    }
    log('info', 'image uploaded', { filename, format, bytes: file.size, type: fields.type, replaced: replace });
    return { filename, path: `${PRODUCT_IMAGES_URL}${filename}` };
  }

  /** Newest first, at most IMAGE_LIST_MAX; WebP copies of another upload are not listed. */
  async list(): Promise<{ images: ImageInfo[] }> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.') && IMAGE_EXTENSIONS.has(extensionOf(e.name))).map((e) => e.name);
    const originals = new Set(files.filter((f) => extensionOf(f) !== 'webp').map(stemOf));
    const shown = files.filter((f) => extensionOf(f) !== 'webp' || !originals.has(stemOf(f)));
    const images = await Promise.all(
      shown.map(async (filename) => {
        const info = await stat(this.pathOf(filename)).catch(() => undefined);
        return info ? { path: `${PRODUCT_IMAGES_URL}${filename}`, filename, size: info.size, createdAt: info.mtime.toISOString(), at: info.mtimeMs } : undefined;
      }),
    );
    return {
      images: images
        .filter((i) => i !== undefined)
        .sort((a, b) => b.at - a.at || a.filename.localeCompare(b.filename))
        .slice(0, IMAGE_LIST_MAX)
        .map(({ at: _at, ...image }) => image),
    };
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
  private async write(filename: string, bytes: Buffer): Promise<void> {
    const temp = this.pathOf(`.${filename}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes);
      await rename(temp, this.pathOf(filename));
    } finally {
      await rm(temp, { force: true });
    }
  }
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

/** Decodes the image fully (a corrupt file is refused) and encodes the WebP copy. */
async function toWebp(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    return await sharp(bytes, { animated: format === 'gif' || format === 'webp', limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    log('warn', 'image could not be decoded', { format, error: err instanceof Error ? err.message : String(err) });
    throw new UserInputError('The image could not be read. Please choose another file.', 'IMAGE_UNREADABLE');
  }
}
