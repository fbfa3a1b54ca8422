import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { BACKUP_FILENAME_PATTERN } from '@cocoa/shared-types';
import { checkoutBody, insertCheckoutProducts } from '../orders/orders.fixtures';
import { adminOnly, TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { BACKUP_TABLES, EXCLUDED_TABLES } from './backup.tables';

type Agent = TestAgent;

/** gzip of `size` bytes of `char`, streamed: the unpacked bytes never sit in memory. */
async function gzipOfRepeated(char: string, size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(gzip, 'end');
  const chunk = Buffer.alloc(1024 * 1024, char);
  for (let left = size; left > 0; left -= chunk.length) if (!gzip.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(gzip, 'drain');
  gzip.end();
  await ended;
  return Buffer.concat(out);
}
/** A row as to_jsonb gives it. */
type Row = Record<string, unknown>;

describe('database backup and restore', () => {
  const t = useTestApp();
  let admin: Agent;
  let customer: Agent;

  /**
   * Every table a backup covers (all but the excluded ones, declared or not), rows exactly:
   * to_jsonb keeps microseconds and numeric precision.
   */
  async function dump(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    const tables: string[] = (
      await t.dataSource.query(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    )
      .map((r: { name: string }) => r.name)
      .filter((n: string) => !(EXCLUDED_TABLES as readonly string[]).includes(n));
    expect(tables).toEqual(expect.arrayContaining([...BACKUP_TABLES]));
    for (const table of tables) {
      const rows = await t.dataSource.query(`SELECT to_jsonb(t)::text AS row FROM ${table} t`);
      const sortKey = (row: Row) => String(row.id ?? row.key);
      out[table] = rows.map((r: { row: string }) => JSON.parse(r.row) as Row).sort((a: Row, b: Row) => sortKey(a).localeCompare(sortKey(b)));
    }
    return out;
  }
  const backupFiles = () => readdirSync(t.config.backupsDir).filter((n) => BACKUP_FILENAME_PATTERN.test(n));
  const readBackup = (name: string) => JSON.parse(gunzipSync(readFileSync(join(t.config.backupsDir, name))).toString('utf8'));

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'erin', email: 'erin@example.com', password: 'secret-123' }).expect(201);
    customer = await t.signedIn('erin', 'secret-123');
    const f = await insertCheckoutProducts(t.dataSource);
    // Stock: a counted product, so the new columns carry values through backup and restore.
    await t.dataSource.query(`UPDATE products SET stock_count = 9, low_stock_threshold = 2 WHERE id = $1`, [f.cocoa.id]);
    await customer.post('/api/square/checkout/complete').send(checkoutBody(f)).expect(200);
    await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sandbox-sq0idb-BackupTestApp01' }).expect(200);
    await t.dataSource.query(
      `INSERT INTO scheduled_locations (title, date, latitude, longitude) VALUES ('Farmers market', '2026-12-05T12:00:00Z', 39.123456789, -98.5)`,
    );
    await t.dataSource.query(`INSERT INTO calendars (id, name, is_primary) VALUES ('https://feeds.example.com/cocoa.ics', 'Cocoa feed', true)`);
    await t.dataSource.query(
      `INSERT INTO scheduled_locations (title, date, source_uid, calendar_id) VALUES ('From the feed', '2026-12-06T12:00:00Z', 'uid-1@feed', 'https://feeds.example.com/cocoa.ics')`,
    );
    await t.dataSource.query(
      `INSERT INTO event_inquiries (name, email, event_type, event_date, guests, location) VALUES ('Hal', 'hal@example.com', 'wedding', '2027-06-01', 120, 'Topeka')`,
    );
    await t.dataSource.query(
      `INSERT INTO geocode_cache (query, provider, latitude, longitude, display_name) VALUES ('topeka', 'nominatim', 39.05, -95.68, 'Topeka, KS')`,
    );
    // The live tracker: the cart checked in, with a product sold out.
    await admin
      .post('/api/admin/live/check-in')
      .send({ place: { label: 'Millennium Park', latitude: 41.8826, longitude: -87.6226 } })
      .expect(200);
    await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'Iced Mocha' }).expect(200);
    await t.dataSource.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) SELECT id, repeat('a', 64), now() + interval '1 hour' FROM users WHERE username = 'erin'`,
    );
  });

  it.each([
    ['post', '/api/database/backup'],
    ['get', '/api/database/backups'],
    ['get', '/api/database/backups/backup-20260101-000000-abcdef.json.gz'],
    ['post', '/api/database/restore/backup-20260101-000000-abcdef.json.gz'],
    ['post', '/api/database/backups/upload'],
  ] as const)(
    '%s %s: 401 anonymous, 403 customer',
    adminOnly(t, () => customer),
  );

  let filename: string;
  let before: Record<string, unknown[]>;

  it('writes a gzip JSON snapshot with a format version, the migrations and every domain table', async () => {
    before = await dump();
    const res = await admin.post('/api/database/backup');
    expect(res.status).toBe(201);
    filename = res.body.filename;
    expect(filename).toMatch(/^backup-\d{8}-\d{6}-[0-9a-f]{6}\.json\.gz$/);
    const backup = readBackup(filename);
    expect(backup).toMatchObject({ format: 'cocoa-shop-backup', version: 1 });
    expect(backup.migrations).toEqual(expect.arrayContaining(['Foundation1763800000000', 'Orders1763900000000']));
    for (const table of BACKUP_TABLES) expect(backup.tables[table]).toBeDefined();
    expect(backup.tables.session).toBeUndefined();
    expect(backup.tables.password_reset_tokens).toBeUndefined();
    expect(backup.tables.mail_outbox).toBeUndefined();
    expect(backup.tables.geocode_cache).toBeUndefined();
    expect(backup.tables.calendars.rows).toHaveLength(1);
    expect(backup.tables.event_inquiries.rows).toHaveLength(1);
    expect(backup.tables.users.rows.map((u: Row) => u.username).sort()).toEqual(['admin', 'erin']);
    expect(backup.tables.users.rows[0].password_hash).toEqual(expect.any(String));
    expect(backup.tables.orders.rows).toHaveLength(1);
    expect(backup.tables.order_items.rows).toHaveLength(2);
    expect(backup.tables.live_state.rows).toEqual([
      expect.objectContaining({ id: 1, live: true, label: 'Millennium Park', status: 'serving', sold_out: ['Iced Mocha'] }),
    ]);
    expect(backup.tables.live_events.rows.map((r: Row) => [r.type, r.actor])).toEqual([
      ['check-in', 'admin:admin'],
      ['sold-out', 'admin:admin'],
    ]);
    expect(backup.tables.products.columns).toEqual(expect.arrayContaining(['stock_count', 'low_stock_threshold']));
    // The checkout took 2 of the 9.
    expect(backup.tables.products.rows.filter((p: Row) => p.stock_count !== null).map((p: Row) => [p.name, p.stock_count, p.low_stock_threshold])).toEqual([
      ['Test Dark Cocoa', 7, 2],
    ]);
    const keys = backup.tables.settings.rows.map((r: Row) => r.key);
    expect(keys).toContain('SQUARE_APPLICATION_ID');
    expect(keys).not.toContain('INTERNAL_SESSION_SECRET');
  });

  it('lists backups newest first and downloads one as an attachment', async () => {
    const list = await admin.get('/api/database/backups');
    expect(list.status).toBe(200);
    expect(list.body.backups[0]).toEqual({
      filename,
      created: expect.any(String),
      size: readFileSync(join(t.config.backupsDir, filename)).length,
      kind: 'manual',
    });
    const file = await admin
      .get(`/api/database/backups/${filename}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(Buffer.compare(file.body as Buffer, readFileSync(join(t.config.backupsDir, filename)))).toBe(0);
  });

  it('restore gives back exactly the data of the backup after products, an order and users changed', async () => {
    const newcomer = t.agent();
    await newcomer.post('/api/register').send({ username: 'frank', email: 'frank@example.com', password: 'secret-123' }).expect(201);
    const f2 = await t.dataSource.query(`SELECT id, name, price_cents FROM products ORDER BY id`);
    await t.dataSource.query(`UPDATE products SET price_cents = price_cents + 100, name = name || ' (new)', stock_count = 40, low_stock_threshold = NULL`);
    await t.dataSource.query(`DELETE FROM products WHERE id = $1`, [f2[0].id]);
    await t.dataSource.query(`UPDATE orders SET status = 'CANCELED'`);
    await t.dataSource.query(`UPDATE users SET email = 'erin2@example.com' WHERE username = 'erin'`);
    await t.dataSource.query(`INSERT INTO categories (name, slug) VALUES ('Later', 'later')`);
    await t.dataSource.query(`DELETE FROM calendars`);
    await t.dataSource.query(`UPDATE event_inquiries SET guests = 5`);
    await admin.post('/api/admin/live/check-out').expect(200);
    await t.dataSource.query(`UPDATE settings SET value = 'sq0idp-ChangedLater0001' WHERE key = 'SQUARE_APPLICATION_ID'`);
    const secret = await t.dataSource.query(`SELECT value FROM settings WHERE key = 'INTERNAL_SESSION_SECRET'`);
    expect(await dump()).not.toEqual(before);

    const res = await admin.post(`/api/database/restore/${filename}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `Database restored from ${filename}`,
      safetyBackup: expect.stringMatching(/^safety-backup-\d{8}-\d{6}-[0-9a-f]{6}\.json\.gz$/),
    });
    expect(res.body.safetyBackup).not.toBe(filename);
    // The list labels it: the owner can tell it from the backups they made.
    const listed = (await admin.get('/api/database/backups')).body.backups as Array<{ filename: string; kind: string }>;
    expect(listed.find((b) => b.filename === res.body.safetyBackup)?.kind).toBe('safety');
    expect(listed.find((b) => b.filename === filename)?.kind).toBe('manual');
    expect(await dump()).toEqual(before);
    expect(await t.dataSource.query(`SELECT name, stock_count, low_stock_threshold FROM products WHERE stock_count IS NOT NULL`)).toEqual([
      { name: 'Test Dark Cocoa', stock_count: 7, low_stock_threshold: 2 },
    ]);

    // The safety backup holds the state just before the restore.
    expect(await t.dataSource.query(`SELECT query FROM geocode_cache`)).toEqual([{ query: 'topeka' }]);
    const safety = readBackup(res.body.safetyBackup);
    expect(safety.tables.users.rows.map((u: Row) => u.username).sort()).toEqual(['admin', 'erin', 'frank']);
    // The installation's secret is kept; reset tokens of replaced users are gone.
    expect(await t.dataSource.query(`SELECT value FROM settings WHERE key = 'INTERNAL_SESSION_SECRET'`)).toEqual(secret);
    // Same user behind the same id: still signed in. A user the backup does not know: signed out.
    expect((await admin.get('/api/user')).status).toBe(200);
    expect((await customer.get('/api/user')).status).toBe(200);
    expect((await newcomer.get('/api/user')).status).toBe(401);
    // Sequences continue after the restored ids.
    const created = await admin.post('/api/categories').send({ name: 'After restore' });
    expect(created.status).toBe(201);
    const [{ max }] = await t.dataSource.query(`SELECT max(id) AS max FROM categories WHERE slug <> 'after-restore'`);
    expect(created.body.id).toBe(Number(max) + 1);
    await t.dataSource.query(`DELETE FROM categories WHERE slug = 'after-restore'`);
    before = await dump();
  });

  describe('refusals change nothing', () => {
    const write = (name: string, content: Buffer) => writeFileSync(join(t.config.backupsDir, name), content);
    const valid = () => readBackup(filename);
    const cases: Array<[string, () => Buffer]> = [
      ['garbage bytes', () => Buffer.from('this is not a backup at all')],
      ['gzip of non-JSON', () => gzipSync('{"format": "cocoa-shop-backup", ')],
      ['another format', () => gzipSync(JSON.stringify({ ...valid(), format: 'other' }))],
      ['another version', () => gzipSync(JSON.stringify({ ...valid(), version: 99 }))],
      ['a newer migration', () => gzipSync(JSON.stringify({ ...valid(), migrations: [...valid().migrations, 'Future1999999999999'] }))],
      ['an unknown table', () => gzipSync(JSON.stringify({ ...valid(), tables: { ...valid().tables, session: { columns: ['sid'], rows: [] } } }))],
      [
        'an unknown column',
        () => {
          const b = valid();
          b.tables.products.rows[0].evil = 'x';
          return gzipSync(JSON.stringify(b));
        },
      ],
      [
        'a row the database refuses (after the old rows were deleted)',
        () => {
          const b = valid();
          b.tables.products.rows[0].price_cents = -5;
          return gzipSync(JSON.stringify(b));
        },
      ],
      [
        'a row the database refuses: a negative stock count',
        () => {
          const b = valid();
          b.tables.products.rows[0].stock_count = -1;
          return gzipSync(JSON.stringify(b));
        },
      ],
    ];

    it.each(cases)('%s: 400 and no data changed (a safety backup only once the file passed validation)', async (_label, content) => {
      const name = 'backup-20200101-000000-0badf0.json.gz';
      write(name, content());
      const files = backupFiles().length;
      const res = await admin.post(`/api/database/restore/${name}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/backup/i);
      expect(await dump()).toEqual(before);
      const expectSafety = _label.startsWith('a row the database refuses') ? 1 : 0;
      expect(backupFiles().length).toBe(files + expectSafety);
    });

    it.each([
      '..%2F..%2Fpgdata%2FPG_VERSION',
      '..%2Fbackups%2F' + 'x.json.gz',
      'backup-20260101-000000-abcdef.json.gz%00.txt',
      'BACKUP-20260101-000000-ABCDEF.JSON.GZ',
      '.hidden',
      'backup-20260101-000000-abcdef.json.gz.bak',
      '%2E%2E%2Fbackup-20260101-000000-abcdef.json.gz',
    ])('refuses the name %s with 400 for restore and download, before any file is touched', async (name) => {
      // A real backup under the name the bad one ends in: the refusal must not fall through to it.
      write('backup-20260101-000000-abcdef.json.gz', gzipSync(JSON.stringify(valid())));
      const files = backupFiles().length;
      const restore = await admin.post(`/api/database/restore/${name}`);
      expect(restore.status).toBe(400);
      expect(restore.body.message).toBe('Invalid backup file name');
      const download = await admin.get(`/api/database/backups/${name}`);
      expect(download.status).toBe(400);
      expect(download.headers['content-type']).toMatch(/json/);
      expect(await dump()).toEqual(before);
      // No safety backup was taken: the name was refused before the service ran.
      expect(backupFiles().length).toBe(files);
    });

    it('answers 404 for a well-formed name that does not exist', async () => {
      expect((await admin.post('/api/database/restore/backup-20990101-000000-abcdef.json.gz')).status).toBe(404);
      expect((await admin.get('/api/database/backups/backup-20990101-000000-abcdef.json.gz')).status).toBe(404);
      expect(existsSync(join(t.config.backupsDir, 'backup-20990101-000000-abcdef.json.gz'))).toBe(false);
    });

    it.each(cases.filter(([label]) => !label.startsWith('a row the database refuses')))(
      'an uploaded file of %s: 400 with the reason, nothing stored',
      async (_label, content) => {
        const files = backupFiles();
        const res = await admin
          .post('/api/database/backups/upload')
          .attach('file', content(), { filename: 'cocoa-backup.json.gz', contentType: 'application/gzip' });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/backup/i);
        expect(backupFiles()).toEqual(files);
        expect(await dump()).toEqual(before);
      },
    );
  });

  it('restores a backup made before stock existed: its products come back not counted', async () => {
    const older = readBackup(filename);
    older.migrations = older.migrations.filter((m: string) => m !== 'Stock1764920000000');
    older.tables.products.columns = older.tables.products.columns.filter((c: string) => c !== 'stock_count' && c !== 'low_stock_threshold');
    for (const row of older.tables.products.rows) {
      delete row.stock_count;
      delete row.low_stock_threshold;
    }
    const name = 'backup-20250101-000000-0d0d0d.json.gz';
    writeFileSync(join(t.config.backupsDir, name), gzipSync(JSON.stringify(older)));
    const res = await admin.post(`/api/database/restore/${name}`);
    expect(res.status).toBe(200);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM products WHERE stock_count IS NOT NULL OR low_stock_threshold IS NOT NULL`)).toEqual([
      { n: 0 },
    ]);
    expect((await admin.post(`/api/database/restore/${filename}`)).status).toBe(200);
    expect(await dump()).toEqual(before);
  });

  describe('uploading a downloaded backup', () => {
    const upload = (content: Buffer, name = 'cocoa-backup.json.gz') =>
      admin.post('/api/database/backups/upload').attach('file', content, { filename: name, contentType: 'application/gzip' });

    it('validates it like a restore, stores it under a generated name (never the uploaded one), lists it as uploaded; restoring it gives its data back', async () => {
      const downloaded = readFileSync(join(t.config.backupsDir, filename));
      const res = await upload(downloaded, '../../pgdata/evil.json.gz');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ filename: expect.stringMatching(/^uploaded-backup-\d{8}-\d{6}-[0-9a-f]{6}\.json\.gz$/) });
      const uploaded: string = res.body.filename;
      expect(Buffer.compare(readFileSync(join(t.config.backupsDir, uploaded)), downloaded)).toBe(0);
      expect(existsSync(join(t.config.backupsDir, '../../pgdata/evil.json.gz'))).toBe(false);
      const listed = (await admin.get('/api/database/backups')).body.backups;
      expect(listed).toContainEqual({ filename: uploaded, created: expect.any(String), size: downloaded.length, kind: 'uploaded' });

      await t.dataSource.query(`UPDATE products SET name = name || ' (changed after the download)'`);
      expect(await dump()).not.toEqual(before);
      const restored = await admin.post(`/api/database/restore/${uploaded}`);
      expect(restored.status).toBe(200);
      expect(await dump()).toEqual(before);
    });

    it('refuses a missing file, a file over 20 MB (413) and one that unpacks past 200 MB, storing nothing', async () => {
      const files = backupFiles();
      const none = await admin.post('/api/database/backups/upload');
      expect({ status: none.status, message: none.body.message }).toEqual({ status: 400, message: 'Choose a backup file (.json.gz) to upload' });
      const big = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 1));
      expect({ status: big.status, message: big.body.message }).toEqual({ status: 413, message: 'The backup file is too large. The maximum size is 20 MB.' });
      const bomb = await upload(await gzipOfRepeated(' ', 210 * 1024 * 1024));
      expect({ status: bomb.status, message: bomb.body.message }).toEqual({ status: 400, message: 'The backup file unpacks to more than 200 MB' });
      expect(backupFiles()).toEqual(files);
      expect(await dump()).toEqual(before);
    });
  });
});
