import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { BACKUP_FILENAME_PATTERN, type Product } from '@cocoa/shared-types';
import ExcelJS from 'exceljs';
import { INSTALLATION_SETTINGS } from '../src/backup/backup.tables';
import { XLSX_CONTENT_TYPE } from '../src/catalogue/catalogue-excel';
import { newIdempotencyKey } from '../src/orders/orders.fixtures';
import { checkoutRequest } from './shop-checkout';
import { databaseKinds, freshDatabase, type Query, type ShopDatabase } from './shop-database';
import { call, multipartFile, type PendingRequest, signIn, startRequest } from './shop-http';
import { report, type ShopProcess, startShop } from './shop-process';

/** New products in the import: enough that writing them takes seconds, within the 10 MB upload cap. */
const NEW_PRODUCTS = 3000;
/**
 * Random base64 text that does not compress: the import writes ~10 MB of WAL, so PGlite's 4 MB of
 * WAL buffers spill to disk (the PGlite sign of a transaction writing) about 40 % of the way through.
 */
const DESCRIPTION_CHARS = 3000;
const KILL_WAIT_MS = 120_000;

type Rows = Record<string, Array<Record<string, unknown>>>;

/**
 * The process dies (SIGKILL: OOM killer, power loss, `docker kill`) in the middle of an Excel import
 * and of a backup restore. After a restart the data must be exactly as before or exactly as after
 * (each runs in one transaction), never a mix, and the operator can simply run it again.
 */
describe.each(databaseKinds())('SIGKILL in the middle of an import and a restore, %s', (kind) => {
  let db: ShopDatabase;
  let shop: ShopProcess | undefined;
  /** A backup taken right after the import completed: the fully imported state. */
  let imported: string;

  beforeAll(async () => {
    db = await freshDatabase(kind);
  });

  afterAll(async () => {
    await shop?.kill();
    await db?.remove();
  });

  /** Starts the built API on this test's data; the previous process must have exited. */
  async function restart(): Promise<ShopProcess> {
    if (shop?.alive()) throw new Error('the previous API process is still running');
    shop = await startShop(db);
    return shop;
  }

  async function stopped<T>(work: (query: Query) => Promise<T>): Promise<T> {
    await shop?.stop();
    return db.read(work);
  }

  async function backup(cookie: string): Promise<string> {
    const res = await call(shop!.url, '/api/database/backup', { method: 'POST', cookie, timeoutMs: 60_000 });
    expect(res.status).toBe(201);
    return res.body.filename;
  }

  /**
   * Waits until the request is fully sent, has no answer, and its transaction is writing products
   * (see `untilWriting`), then SIGKILLs the API. Returns the ms from the request sent to the kill.
   */
  async function killWhileWriting(pending: PendingRequest, first?: (giveUp: () => string | undefined) => Promise<void>): Promise<number> {
    await Promise.race([pending.sent, pending.answer]);
    expect(pending.answered()).toBe(false);
    const sentAt = Date.now();
    const giveUp = () => (pending.answered() ? 'the request answered' : undefined);
    await first?.(giveUp);
    await db.untilWriting('products', KILL_WAIT_MS, giveUp);
    expect(pending.answered()).toBe(false);
    await shop!.kill();
    expect(await pending.answer).toHaveProperty('error');
    return Date.now() - sentAt;
  }

  it('import: after a SIGKILL mid-way the catalogue is exactly as before or fully imported, and the import can be run again', async () => {
    await restart();
    let cookie = await signIn(shop!.url);
    const seeded = (await call(shop!.url, '/api/square/catalog/products')).body as Product[];
    const rowsInFile = seeded.length + NEW_PRODUCTS;
    const { body, contentType } = multipartFile('file', 'catalogue.xlsx', XLSX_CONTENT_TYPE, await catalogueWorkbook(seeded));
    const before = await backup(cookie);

    const killedAfterMs = await killWhileWriting(startRequest(shop!.url, '/api/products/import', { cookie, body, contentType }));

    await restart();
    expect((await call(shop!.url, '/api/square/catalog/products')).status).toBe(200);
    const afterCrash = await stopped((query) => readTables(query, ['products', 'categories']));

    await restart();
    cookie = await signIn(shop!.url);
    const started = Date.now();
    const retry = await startRequest(shop!.url, '/api/products/import', { cookie, body, contentType }).answer;
    const importMs = Date.now() - started;
    expect(retry).toMatchObject({ status: 200 });
    expect(JSON.parse((retry as { body: string }).body).imported).toBe(rowsInFile);
    imported = await backup(cookie);

    // updated_at aside: the retry rewrites it on rows a completed import had already written.
    const states = {
      'as before the import': backupTables(db, before, ['products', 'categories']),
      'fully imported': backupTables(db, imported, ['products', 'categories']),
    };
    expect(isDeepStrictEqual(withoutUpdatedAt(states['as before the import']), withoutUpdatedAt(states['fully imported']))).toBe(false);
    const outcome = Object.entries(states).find(([, rows]) => isDeepStrictEqual(withoutUpdatedAt(afterCrash), withoutUpdatedAt(rows)))?.[0];
    expect(outcome ?? `a mix: ${afterCrash.products.length} products, ${afterCrash.categories.length} categories`).toMatch(
      /^(as before the import|fully imported)$/,
    );
    report(
      `${kind}: import of ${rowsInFile} rows SIGKILLed while writing products, ${killedAfterMs} ms after the upload was sent, no answer yet (an uninterrupted import answers in ${importMs} ms); after restart the catalogue was ${outcome}; the retry imported all rows`,
    );
  }, 600_000);

  it('restore: after a SIGKILL mid-way the data is exactly as before the restore or as the backup, and the restore can be run again', async () => {
    const cookie = await signIn(shop!.url);
    // Change the data after the backup: an order, a new product.
    const products = (await call(shop!.url, '/api/square/catalog/products')).body as Product[];
    expect(
      (
        await call(shop!.url, '/api/square/checkout/complete', {
          method: 'POST',
          json: checkoutRequest([{ product: products[0], quantity: 1 }], newIdempotencyKey()).body,
        })
      ).status,
    ).toBe(200);
    expect((await call(shop!.url, '/api/products', { method: 'POST', cookie, json: { name: 'Added After The Backup', price: 3.5 } })).status).toBe(201);

    const backupsBefore = new Set(backupFiles(db));
    // The restore first writes a safety backup of the current data, then replaces everything.
    const killedAfterMs = await killWhileWriting(startRequest(shop!.url, `/api/database/restore/${imported}`, { cookie }), async (giveUp) => {
      while (!backupFiles(db).some((name) => !backupsBefore.has(name))) {
        if (giveUp()) throw new Error(`no safety backup appeared before ${giveUp()}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    const safety = backupFiles(db).find((name) => !backupsBefore.has(name))!;

    await restart();
    expect((await call(shop!.url, '/api/square/catalog/products')).status).toBe(200);
    const tables = Object.keys(backupTables(db, imported));
    const afterCrash = await stopped((query) => readTables(query, tables));
    const states = { 'as before the restore': backupTables(db, safety), 'as the backup': backupTables(db, imported) };
    expect(isDeepStrictEqual(states['as before the restore'], states['as the backup'])).toBe(false);
    const outcome = Object.entries(states).find(([, rows]) => isDeepStrictEqual(afterCrash, rows))?.[0];
    expect(outcome ?? `a mix: ${tables.map((t) => `${t} ${afterCrash[t].length}`).join(', ')}`).toMatch(/^(as before the restore|as the backup)$/);

    await restart();
    const restored = await call(shop!.url, `/api/database/restore/${imported}`, { method: 'POST', cookie: await signIn(shop!.url), timeoutMs: KILL_WAIT_MS });
    expect(restored.status).toBe(200);
    expect(await stopped((query) => readTables(query, tables))).toEqual(backupTables(db, imported));
    report(
      `${kind}: restore of ${states['as the backup'].products.length} products SIGKILLed while writing products, ${killedAfterMs} ms after the request, no answer yet; after restart the data was ${outcome}; the retried restore matches the backup exactly`,
    );
  }, 600_000);
});

/** Every seeded product with a new price and description, plus NEW_PRODUCTS new ones in a new category. */
async function catalogueWorkbook(seeded: Product[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Products');
  sheet.addRow(['Name', 'Slug', 'Description', 'Price', 'Category']);
  const text = () => randomBytes((DESCRIPTION_CHARS * 3) / 4).toString('base64');
  for (const p of seeded) sheet.addRow([p.name, p.slug, text(), p.price + 1, null]);
  for (let i = 1; i <= NEW_PRODUCTS; i++) sheet.addRow([`Resilience Blend ${i}`, `resilience-blend-${i}`, text(), 2 + (i % 300) / 10, 'Resilience Blends']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function backupFiles(db: ShopDatabase): string[] {
  return readdirSync(join(db.dataDir, 'backups')).filter((name) => BACKUP_FILENAME_PATTERN.test(name));
}

/** The rows a backup file holds, in the shape `readTables` gives. */
function backupTables(db: ShopDatabase, filename: string, only?: string[]): Rows {
  const file = JSON.parse(gunzipSync(readFileSync(join(db.dataDir, 'backups', filename))).toString('utf8')) as {
    tables: Record<string, { rows: Array<Record<string, unknown>> }>;
  };
  return Object.fromEntries(
    Object.entries(file.tables)
      .filter(([name]) => !only || only.includes(name))
      .map(([name, table]) => [name, sortRows(table.rows)]),
  );
}

/** Every row as PostgreSQL's to_jsonb gives it (as backups store rows), without installation settings. */
async function readTables(query: Query, tables: string[]): Promise<Rows> {
  const out: Rows = {};
  for (const table of tables) {
    const rows = (await query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${table}" t`)).map((r) => JSON.parse(r.row) as Record<string, unknown>);
    out[table] = sortRows(table === 'settings' ? rows.filter((r) => !(INSTALLATION_SETTINGS as readonly string[]).includes(String(r.key))) : rows);
  }
  return out;
}

function sortRows(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return rows
    .map((row) => [JSON.stringify(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}

function withoutUpdatedAt(rows: Rows): Rows {
  return Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, sortRows(list.map(({ updated_at: _u, ...rest }) => rest))]));
}
