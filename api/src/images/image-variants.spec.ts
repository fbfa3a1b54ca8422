import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseImageVariantRef, responsiveImage } from '@cocoa/shared-types';
import sharp from 'sharp';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { AVIF_SUPPORTED } from './image-variants';
import { ImagesService } from './images.service';

const UPLOAD = '/api/products/upload-image';

/** A JPEG as a phone writes it: camera make and a GPS position in its EXIF. */
function photoWithGps(width: number, height: number, colour = { r: 120, g: 70, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2648/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3969/100' },
    })
    .toBuffer();
}

/** The GPS IFD pointer (tag 0x8825) in an EXIF block, either byte order. */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** No EXIF, XMP or IPTC block, and no trace of the camera's text in the bytes. */
async function expectNoMetadata(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined });
  expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
}

describe('product images: responsive variants, metadata stripped, content-hashed URLs', () => {
  const t = useTestApp();
  let admin: TestAgent;
  let variantsDir: string;
  let productsDir: string;

  beforeAll(async () => {
    variantsDir = join(t.config.uploadsDir, 'variants');
    productsDir = join(t.config.uploadsDir, 'products');
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('sharp here encodes AVIF (so the variants below include it)', () => {
    expect(AVIF_SUPPORTED).toBe(true);
  });

  it('an upload makes WebP and AVIF variants at 160–1600 w, never upscaled, with no EXIF or GPS in anything served', async () => {
    const photo = await photoWithGps(2000, 1200);
    const input = await sharp(photo).metadata();
    expect(hasGpsPointer(input.exif)).toBe(true);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const res = await admin.post(UPLOAD).attach('image', photo, 'Market Stall.jpg');
    expect(res.status).toBe(201);
    const ref = parseImageVariantRef(res.body.ref);
    expect(ref).toEqual({ filename: 'market-stall.jpg', hash: expect.stringMatching(/^[0-9a-f]{8}$/), largest: 1600, avif: true });

    const made = readdirSync(variantsDir).filter((n) => n.startsWith('market-stall.jpg.'));
    expect(made.sort()).toEqual(
      [160, 320, 640, 1024, 1600].flatMap((w) => [`market-stall.jpg.${ref!.hash}.${w}.avif`, `market-stall.jpg.${ref!.hash}.${w}.webp`]).sort(),
    );
    const image = responsiveImage(res.body.ref, '100vw')!;
    const urls = [...image.webpSrcSet.split(', '), ...image.avifSrcSet!.split(', ')].map((c) => c.split(' '));
    for (const [url, descriptor] of urls) {
      const served = await t.agent().get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.body as Buffer).metadata();
      const width = Number(descriptor.replace('w', ''));
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: url.endsWith('.avif') ? 'heif' : 'webp',
        width,
        height: Math.round((width * 1200) / 2000),
      });
      expect(served.headers['content-type']).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp');
      await expectNoMetadata(served.body as Buffer);
    }

    // The original and its WebP copy at their old URLs: re-encoded, no EXIF, briefly cached.
    for (const url of ['/uploads/products/market-stall.jpg', '/uploads/products/market-stall.webp']) {
      const served = await t.agent().get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=300');
      expect((await sharp(served.body as Buffer).metadata()).width).toBe(2000);
      await expectNoMetadata(served.body as Buffer);
    }
    expect(readFileSync(join(productsDir, 'market-stall.jpg')).includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('a small image gets only the widths up to its own, and a WebP-only reference when it is animated', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    let res = await admin.post(UPLOAD).attach('image', small, 'small.png');
    expect(res.status).toBe(201);
    const ref = parseImageVariantRef(res.body.ref)!;
    expect(ref.largest).toBe(300);
    expect(
      readdirSync(variantsDir)
        .filter((n) => n.startsWith('small.png.'))
        .sort(),
    ).toEqual([`small.png.${ref.hash}.160.avif`, `small.png.${ref.hash}.160.webp`, `small.png.${ref.hash}.300.avif`, `small.png.${ref.hash}.300.webp`]);

    // Two 40×80 frames, red then blue, stacked as sharp reads an animation.
    const pixels = Buffer.alloc(40 * 160 * 3);
    for (let i = 0; i < pixels.length; i += 3) pixels[i < pixels.length / 2 ? i : i + 2] = 255;
    const twoFrames = await sharp(pixels, { raw: { width: 40, height: 160, channels: 3, pageHeight: 80 } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    res = await admin.post(UPLOAD).attach('image', twoFrames, 'spinner.gif');
    expect(res.status).toBe(201);
    expect(res.body.ref).toMatch(/^\/uploads\/variants\/spinner\.gif\.[0-9a-f]{8}\.40\.webp$/);
    const variant = await sharp(join(variantsDir, res.body.ref.split('/').pop()), { animated: true }).metadata();
    expect({ pages: variant.pages, width: variant.width }).toEqual({ pages: 2, width: 40 });
  });

  it('the catalogue answers each uploaded image with its reference; replacing the image gives a new URL at once and serves the new bytes', async () => {
    const product = await admin.post('/api/products').send({
      name: 'Stall Cocoa',
      price: 7.5,
      categoryId: null,
      imageUrl: '/uploads/products/market-stall.jpg',
      hotImageUrl: '/images/products/cocoa-hot.svg',
    });
    expect(product.status).toBe(201);
    const before = await t.agent().get('/api/square/catalog/products/slug/stall-cocoa');
    expect(before.status).toBe(200);
    const oldRef: string = before.body.imageRefs['/uploads/products/market-stall.jpg'];
    expect(Object.keys(before.body.imageRefs)).toEqual(['/uploads/products/market-stall.jpg']);
    expect(before.body.imageUrl).toBe('/uploads/products/market-stall.jpg');
    const oldSmall = responsiveImage(oldRef, '64px')!.src;
    expect((await t.agent().get(oldSmall)).status).toBe(200);

    const blue = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .jpeg()
      .toBuffer();
    const res = await admin.post(UPLOAD).attach('image', blue, 'anything.jpg').field('replace', 'true').field('target', '/uploads/products/market-stall.jpg');
    expect(res.status).toBe(201);
    expect(res.body.ref).not.toBe(oldRef);

    const after = await t.agent().get('/api/square/catalog/products/slug/stall-cocoa');
    const newRef: string = after.body.imageRefs['/uploads/products/market-stall.jpg'];
    expect(newRef).toBe(res.body.ref);
    expect(parseImageVariantRef(newRef)).toMatchObject({ filename: 'market-stall.jpg', largest: 1200 });
    const served = await t.agent().get(responsiveImage(newRef, '100vw')!.src).buffer(true);
    expect(served.status).toBe(200);
    const { data } = await sharp(served.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(40);
    // The old bytes' variants are gone (a kept reference falls back to the original's own URL, which serves the new image).
    expect((await t.agent().get(oldSmall)).status).toBe(404);
    expect((await sharp((await t.agent().get('/uploads/products/market-stall.jpg').buffer(true)).body as Buffer).metadata()).width).toBe(1200);
    expect(
      readdirSync(variantsDir)
        .filter((n) => n.startsWith('market-stall.jpg.'))
        .every((n) => n.includes(parseImageVariantRef(newRef)!.hash)),
    ).toBe(true);
    const stall = (list: Array<{ slug: string; imageRefs?: unknown }>) => list.find((p) => p.slug === 'stall-cocoa')?.imageRefs;
    expect(stall((await t.agent().get('/api/square/catalog/products')).body)).toEqual({ '/uploads/products/market-stall.jpg': newRef });
    expect(stall((await admin.get('/api/products')).body)).toEqual({ '/uploads/products/market-stall.jpg': newRef });

    // A category's image too (the home and events pages).
    const category = await admin.post('/api/categories').send({ name: 'Stall Specials', imageUrl: '/uploads/products/market-stall.jpg' });
    expect(category.status).toBe(201);
    const categories = (await t.agent().get('/api/square/catalog/categories')).body as Array<{ slug: string; imageRefs?: unknown }>;
    expect(categories.find((c) => c.slug === 'stall-specials')?.imageRefs).toEqual({ '/uploads/products/market-stall.jpg': newRef });
    expect(categories.find((c) => c.slug === 'hot-cocoa')).not.toHaveProperty('imageRefs');
  });

  it('an old unhashed URL still resolves through the retry chain (lowercase, then .webp)', async () => {
    // The PWA tries the URL as kept, then in lowercase, then with .webp: the server answers the last two.
    expect((await t.agent().get('/uploads/products/Small.PNG')).status).toBe(404);
    expect((await t.agent().get('/uploads/products/small.png')).status).toBe(200);
    expect((await t.agent().get('/uploads/products/small.webp')).headers['content-type']).toBe('image/webp');
    expect((await t.agent().get('/uploads/variants/small.png.00000000.160.webp')).status).toBe(404);
  });

  it('an image that was there before variants (EXIF and all) gets them when first needed, and is served stripped from then on', async () => {
    writeFileSync(join(productsDir, 'legacy-shot.jpg'), await photoWithGps(900, 600));
    const images = t.app.get(ImagesService);
    expect(await images.refsFor(['/uploads/products/legacy-shot.jpg', '/images/x.svg', '/uploads/products/missing.jpg', '/uploads/products/../x.jpg'])).toEqual(
      {},
    );
    await images.idle();
    const refs = await images.refsFor(['/uploads/products/legacy-shot.jpg']);
    expect(parseImageVariantRef(refs['/uploads/products/legacy-shot.jpg'])).toMatchObject({ filename: 'legacy-shot.jpg', largest: 900, avif: true });
    await expectNoMetadata(readFileSync(join(productsDir, 'legacy-shot.jpg')));
    expect(readdirSync(variantsDir).filter((n) => n.startsWith('legacy-shot.jpg.'))).toHaveLength(8);

    // After a restart (or on another replica) the variants made are found and kept: the file is only read and hashed.
    const made = readdirSync(variantsDir).filter((n) => n.startsWith('legacy-shot.jpg.'));
    const times = made.map((n) => statSync(join(variantsDir, n)).mtimeMs);
    const restarted = new ImagesService(t.config);
    expect(await restarted.refsFor(['/uploads/products/legacy-shot.jpg'])).toEqual({});
    await restarted.idle();
    expect(await restarted.refsFor(['/uploads/products/legacy-shot.jpg'])).toEqual(refs);
    expect(made.map((n) => statSync(join(variantsDir, n)).mtimeMs)).toEqual(times);
  });

  it('deleting an image removes its variants; bad uploads still get a clear 400 and write no variant', async () => {
    const before = readdirSync(variantsDir)
      .filter((n) => !n.startsWith('small.png.'))
      .sort();
    expect((await admin.post('/api/images/delete').send({ imagePath: '/uploads/products/small.png' })).status).toBe(200);
    expect(readdirSync(variantsDir).sort()).toEqual(before);
    expect(existsSync(join(productsDir, 'small.webp'))).toBe(false);

    let res = await admin.post(UPLOAD).attach('image', Buffer.from('GIF89a not really'), 'fake.gif');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The image could not be read. Please choose another file.');
    res = await admin.post(UPLOAD).attach('image', Buffer.from('%PDF-1.4'), 'doc.jpg');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images are allowed');
    expect(readdirSync(variantsDir).sort()).toEqual(before);
  });
});
