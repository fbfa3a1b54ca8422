import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminOnly, TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { detectImageFormat } from './image-type';

const UPLOAD = '/api/products/upload-image';

function image(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

describe('product images: upload, library, delete', () => {
  const t = useTestApp();
  let admin: TestAgent;
  let customer: TestAgent;
  let dir: string;

  beforeAll(async () => {
    dir = join(t.config.uploadsDir, 'products');
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    customer = t.agent();
    await customer.post('/api/register').send({ username: 'dora', email: 'dora@example.com', password: 'secret-123' }).expect(201);
  });

  it.each([
    ['post', UPLOAD],
    ['get', '/api/images'],
    ['post', '/api/images/delete'],
    ['post', '/api/images/bulk-delete'],
  ] as const)(
    '%s %s: 401 anonymous, 403 customer',
    adminOnly(t, () => customer),
  );

  it('uploads a PNG under a sanitised lowercase name, writes a WebP copy and serves it from /uploads/products (briefly cached: it can be replaced)', async () => {
    const png = await image('png');
    const res = await admin.post(UPLOAD).attach('image', png, { filename: '../../Évent Cocoa!!.PNG', contentType: 'image/png' }).field('type', 'hot');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      filename: 'event-cocoa.png',
      path: '/uploads/products/event-cocoa.png',
      ref: expect.stringMatching(/^\/uploads\/variants\/event-cocoa\.png\.[0-9a-f]{8}\.8\.avif$/),
    });
    expect(readdirSync(dir).sort()).toEqual(['event-cocoa.png', 'event-cocoa.webp']);
    const { readFileSync } = await import('node:fs');
    expect(detectImageFormat(readFileSync(join(dir, 'event-cocoa.webp')))).toBe('webp');
    const served = await t.agent().get('/uploads/products/event-cocoa.png');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each(['jpeg', 'gif', 'webp', 'avif'] as const)('accepts %s, named by its content', async (format) => {
    const res = await admin.post(UPLOAD).attach('image', await image(format), { filename: `sample-${format}.bin`, contentType: 'application/octet-stream' });
    expect(res.status).toBe(201);
    const ext = format === 'jpeg' ? 'jpg' : format;
    expect(res.body.filename).toBe(`sample-${format}.${ext}`);
    expect(existsSync(join(dir, `sample-${format}.webp`))).toBe(true);
  });

  it('refuses a text file posing as a .png, and a corrupt image, writing nothing', async () => {
    const before = readdirSync(dir).sort();
    let res = await admin.post(UPLOAD).attach('image', Buffer.from('<?php echo "hi"; ?>\n'), { filename: 'shell.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images are allowed');
    const broken = Buffer.concat([(await image('png')).subarray(0, 16), Buffer.alloc(64, 7)]);
    res = await admin.post(UPLOAD).attach('image', broken, { filename: 'broken.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The image could not be read. Please choose another file.');
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 and a message', async () => {
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await admin.post(UPLOAD).attach('image', big, { filename: 'huge.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Image is too large. The maximum size is 5 MB.');
    expect(existsSync(join(dir, 'huge.png'))).toBe(false);
  });

  it('refuses a missing file and bad fields', async () => {
    expect((await admin.post(UPLOAD).field('type', 'hot')).body.message).toBe('Choose an image to upload');
    const res = await admin
      .post(UPLOAD)
      .attach('image', await image('png'), 'x.png')
      .field('type', 'poster');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Type must be hot, iced, shake, featured, background or category');
  });

  it('answers 409 for an existing name unless replace is asked, then replaces the target', async () => {
    const other = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .png()
      .toBuffer();
    let res = await admin.post(UPLOAD).attach('image', other, 'event-cocoa.png');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An image named "event-cocoa.png" already exists');
    res = await admin.post(UPLOAD).attach('image', other, 'whatever.png').field('replace', 'true').field('target', '/uploads/products/event-cocoa.png');
    expect(res.status).toBe(201);
    expect(res.body.filename).toBe('event-cocoa.png');
    expect((await sharp(join(dir, 'event-cocoa.png')).metadata()).width).toBe(16);
    expect((await sharp(join(dir, 'event-cocoa.webp')).metadata()).width).toBe(16);
  });

  it('of two uploads racing for one new name, one wins and the other gets 409', async () => {
    const png = await image('png');
    const [a, b] = await Promise.all([admin.post(UPLOAD).attach('image', png, 'race.png'), admin.post(UPLOAD).attach('image', png, 'race.png')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(readdirSync(dir).filter((n) => n.startsWith('race') || n.includes('.tmp'))).toEqual(['race.png', 'race.webp']);
  });

  it.each(['../../secret.png', '/uploads/products/../../pgdata/x.png', '..%2F..%2Fx.png', '/uploads/other/x.png', 'sub/x.png', 'x.txt'])(
    'refuses the replace target %s',
    async (target) => {
      const res = await admin
        .post(UPLOAD)
        .attach('image', await image('png'), 'x.png')
        .field('replace', 'true')
        .field('target', target);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid image path');
    },
  );

  it('lists images newest first with path, filename, size and createdAt (WebP copies folded in)', async () => {
    const res = await admin.get('/api/images');
    expect(res.status).toBe(200);
    const names = res.body.images.map((i: { filename: string }) => i.filename);
    expect(names).toEqual(expect.arrayContaining(['event-cocoa.png', 'sample-jpeg.jpg', 'sample-webp.webp']));
    expect(names).not.toContain('event-cocoa.webp');
    expect(res.body.images[0]).toEqual({
      path: expect.stringMatching(/^\/uploads\/products\//),
      filename: expect.any(String),
      size: expect.any(Number),
      createdAt: expect.any(String),
      ref: expect.stringMatching(/^\/uploads\/variants\//),
    });
    const times = res.body.images.map((i: { createdAt: string }) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('deletes an image with its WebP copy; traversal and other folders are refused', async () => {
    writeFileSync(join(t.config.uploadsDir, 'keep.png'), 'outside the products folder');
    for (const imagePath of ['/uploads/keep.png', '../keep.png', '/uploads/products/../keep.png', '/uploads/products/%2e%2e/keep.png', '']) {
      const res = await admin.post('/api/images/delete').send({ imagePath });
      expect(res.status).toBe(400);
    }
    expect(existsSync(join(t.config.uploadsDir, 'keep.png'))).toBe(true);
    let res = await admin.post('/api/images/delete').send({ imagePath: '/uploads/products/sample-gif.gif' });
    expect(res.status).toBe(200);
    expect(existsSync(join(dir, 'sample-gif.gif'))).toBe(false);
    expect(existsSync(join(dir, 'sample-gif.webp'))).toBe(false);
    res = await admin.post('/api/images/delete').send({ imagePath: '/uploads/products/sample-gif.gif' });
    expect(res.status).toBe(404);
  });

  it('bulk delete answers the success and failed lists', async () => {
    const res = await admin
      .post('/api/images/bulk-delete')
      .send({ imagePaths: ['/uploads/products/sample-jpeg.jpg', 'sample-avif.avif', '/uploads/products/missing.png', '../../etc/passwd.png'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: {
        success: ['/uploads/products/sample-jpeg.jpg', 'sample-avif.avif'],
        failed: [
          { path: '/uploads/products/missing.png', error: 'Image not found' },
          { path: '../../etc/passwd.png', error: 'Invalid image path' },
        ],
      },
    });
    expect(existsSync(join(dir, 'sample-jpeg.jpg'))).toBe(false);
    expect((await admin.post('/api/images/bulk-delete').send({ imagePaths: 'x' })).status).toBe(400);
  });
});
