import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import type { ProductOptionGroup } from '@cocoa/shared-types';
import ExcelJS from 'exceljs';
import type supertest from 'supertest';
import { adminOnly, TEST_ADMIN, type TestAgent, type TestApp, useTestApp } from '../test/test-app';
import { buildCatalogueWorkbook, IMPORT_MAX_ROWS } from './catalogue-excel';
import type { Category } from './category.entity';
import type { Product } from './product.entity';

type Agent = TestAgent;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Spreadsheets other programs wrote; README.md beside them says where each one comes from. */
const FIXTURES = join(__dirname, '../../test-fixtures/spreadsheets');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

function binary(res: supertest.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

async function workbook(products: unknown[][], categories?: unknown[][], options?: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of [
    ['Products', products],
    ['Categories', categories],
    ['Options', options],
  ] as const) {
    if (!rows) continue;
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A sheet's rows as their values, from column A. */
const sheetRows = (sheet: ExcelJS.Worksheet) => sheet.getRows(1, sheet.actualRowCount)!.map((row) => (row.values as unknown[]).slice(1));

/** Products and categories without timestamps, for before/after comparisons. */
async function snapshot(t: TestApp) {
  const products = await t.dataSource.query(
    `SELECT id, name, slug, subtitle, description, price_cents, image_url, hot_image_url, iced_image_url, shake_image_url, featured_image_url, background_image_url, category_id, in_stock, stock_count, low_stock_threshold, featured, sold_at_cart, options, variation_id FROM products ORDER BY id`,
  );
  const categories = await t.dataSource.query(`SELECT id, name, slug, description, image_url FROM categories ORDER BY id`);
  return { products, categories };
}

/** A zip entry, deflated: `size` and `crc` are the real ones; `declaredSize` lets a test lie in the directory. */
interface ZipPart {
  name: string;
  packed: Buffer;
  size: number;
  crc: number;
  declaredSize?: number;
}

const part = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text);
  return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A zip archive written by hand (local headers, central directory, end record), as the format says. */
function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, p.packed);
    directory.push(central, name);
    offset += 30 + name.length + p.packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, dir, end]);
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
const cellText = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const productRow = (n: number, name: string, price: number) => `<row r="${n}">${cellText(`A${n}`, name)}<c r="B${n}"><v>${price}</v></c></row>`;
const HEADER_ROW = `<row r="1">${cellText('A1', 'Name')}${cellText('B1', 'Price')}</row>`;

/** The smallest workbook Excel's format allows: one Products sheet whose XML is `sheet`. */
function minimalWorkbook(sheet: ZipPart): Buffer {
  return zipOf([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    part(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

/** Sheet XML of `repeat` written `times` times between the head and the tail, deflated as it streams (never whole in memory). */
async function streamedSheet(repeat: string, times: number): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const ended = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  const write = async (data: Buffer) => {
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await once(deflate, 'drain');
  };
  await write(Buffer.from(SHEET_HEAD + HEADER_ROW));
  const chunk = Buffer.from(repeat);
  for (let i = 0; i < times; i += 1) await write(chunk);
  await write(Buffer.from(SHEET_TAIL));
  deflate.end();
  await ended;
  return { name: 'xl/worksheets/sheet1.xml', packed: Buffer.concat(packed), size, crc };
}

const PRODUCT_HEADERS = [
  'Name',
  'Slug',
  'Subtitle',
  'Description',
  'Price',
  'Category',
  'In Stock',
  'Stock Count',
  'Low Stock Threshold',
  'Featured',
  'Sold At Cart',
  'Variation ID',
  'Image URL',
  'Hot Image URL',
  'Iced Image URL',
  'Shake Image URL',
  'Featured Image URL',
  'Background Image URL',
];

describe('catalogue Excel export and import', () => {
  const t = useTestApp();
  let admin: Agent;
  let customer: Agent;

  const catalogue = () => snapshot(t);
  const upload = (file: Buffer, name = 'catalogue.xlsx') =>
    admin.post('/api/products/import').attach('file', file, { filename: name, contentType: name.endsWith('.csv') ? 'text/csv' : XLSX });

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'gina', email: 'gina@example.com', password: 'secret-123' }).expect(201);
    customer = await t.signedIn('gina', 'secret-123');
  });

  it.each([
    ['get', '/api/products/export'],
    ['post', '/api/products/import'],
  ] as const)(
    '%s %s: 401 anonymous, 403 customer',
    adminOnly(t, () => customer),
  );

  let exported: Buffer;
  it('exports a workbook with a Products sheet, a Categories sheet and an Options sheet', async () => {
    const res = await admin.get('/api/products/export').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    exported = res.body as Buffer;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Products', 'Categories', 'Options']);
    const { products, categories } = await catalogue();
    expect(products.length).toBeGreaterThan(0);
    const sheet = wb.getWorksheet('Products')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.actualRowCount).toBe(products.length + 1);
    expect(wb.getWorksheet('Categories')!.actualRowCount).toBe(categories.length + 1);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe(products[0].slug);
    expect(first.getCell(5).value).toBe(products[0].price_cents / 100);
  });

  it('export → import changes nothing (round trip)', async () => {
    const before = await catalogue();
    const res = await upload(exported);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: before.products.length, categories: [] });
    expect(await catalogue()).toEqual(before);
  });

  it('upserts by slug and creates missing categories by name', async () => {
    const before = await catalogue();
    const existing = before.products[0];
    const res = await upload(
      await workbook(
        [
          ['Name', 'Slug', 'Price', 'Category', 'In Stock', 'Featured', 'Description'],
          [existing.name, existing.slug, 42.5, 'hot-cocoa', 'no', 'yes', 'Now richer'],
          ['Caramel Dream', '', '7.25', 'Brand New Cat', true, false, null],
          ['Gift Box', 'gift-box', 30, 'Gift Sets', 'TRUE', 'FALSE', 'A box'],
          [],
        ],
        [
          ['Name', 'Slug', 'Description'],
          ['Gift Sets', 'gift-sets', 'Boxes and tins'],
        ],
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 3, categories: ['Gift Sets', 'Brand New Cat'] });
    const rows = await t.dataSource.query(
      `SELECT p.slug, p.price_cents, p.in_stock, p.featured, p.description, c.slug AS category FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.slug IN ($1, 'caramel-dream', 'gift-box') ORDER BY p.slug`,
      [existing.slug],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { slug: existing.slug, price_cents: 4250, in_stock: false, featured: true, description: 'Now richer', category: 'hot-cocoa' },
        { slug: 'caramel-dream', price_cents: 725, in_stock: true, featured: false, description: null, category: 'brand-new-cat' },
        { slug: 'gift-box', price_cents: 3000, in_stock: true, featured: false, description: 'A box', category: 'gift-sets' },
      ]),
    );
    // Columns the sheet does not have are left as they were.
    const [kept] = await t.dataSource.query(`SELECT subtitle, image_url, variation_id FROM products WHERE slug = $1`, [existing.slug]);
    expect(kept).toEqual({ subtitle: existing.subtitle, image_url: existing.image_url, variation_id: existing.variation_id });
  });

  it('one bad row among good ones: 400 naming the sheet row, nothing imported', async () => {
    const before = await catalogue();
    const res = await upload(
      await workbook(
        [
          ['Name', 'Slug', 'Price', 'Category'],
          ['Good One', 'good-one', 5, 'Another New Category'],
          ['Good Two', 'good-two', 6, ''],
          ['Good Three', 'good-three', 7, 'hot-cocoa'],
          ['Good Four', 'good-four', 8, null],
          ['Good Five', 'good-five', 9, null],
          ['Bad Price', 'bad-price', 'abc', null],
          ['Good Six', 'good-six', 10, null],
        ],
        [['Name'], ['Sheet Category']],
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Row 7: Price must be a number');
    expect(await catalogue()).toEqual(before);
  });

  // One refused upload a row: what is wrong, the Products sheet, the message.
  // prettier-ignore
  const REFUSED: [string, unknown[][], string][] = [
    ['a missing name', [['Name', 'Price'], ['Fine', 1], [null, 2]], 'Row 3: Name is required'],
    ['a negative price', [['Name', 'Price'], ['Cheap', -1]], 'Row 2: Price cannot be negative'],
    ['a bad slug', [['Name', 'Slug', 'Price'], ['X', 'Not A Slug', 1]], 'Row 2: Slug may hold only lowercase letters, digits and single hyphens'],
    ['a duplicate slug', [['Name', 'Slug', 'Price'], ['A', 'dup', 1], ['B', 'dup', 2]], 'Row 3: Slug "dup" is also on row 2'],
    ['a bad boolean', [['Name', 'Price', 'In Stock'], ['A', 1, 'maybe']], 'Row 2: In stock must be true or false'],
    ['a bad Sold At Cart', [['Name', 'Price', 'Sold At Cart'], ['A', 1, 'sometimes']], 'Row 2: Sold at the cart must be true or false'],
    ['clearing Sold At Cart', [['Name', 'Price', 'Sold At Cart'], ['A', 1, '(clear)']], 'Row 2: Sold At Cart cannot be cleared'],
    ['a script image URL', [['Name', 'Price', 'Image URL'], ['A', 1, 'javascript:alert(1)']], 'Row 2: Image must be a site path or an http(s) URL'],
    ['no Price column', [['Name'], ['A']], 'The Products sheet needs a Price column'],
    ['no rows', [['Name', 'Price']], 'The Products sheet has no rows to import'],
    ['a new product without a price', [['Name', 'Slug', 'Price'], ['Brand New', 'brand-new', null]], 'Row 2: Price is required for a new product (no product has the slug "brand-new")'],
    ['a new product without a name', [['Name', 'Slug', 'Price'], [null, 'nameless', 3]], 'Row 2: Name is required for a new product (no product has the slug "nameless")'],
    ['clearing the name', [['Name', 'Slug', 'Price'], ['(clear)', 'classic-dark-hot-cocoa', 3]], 'Row 2: Name cannot be cleared'],
    ['clearing the price', [['Name', 'Price'], ['A', '(Clear)']], 'Row 2: Price cannot be cleared'],
    ['clearing In Stock', [['Name', 'Price', 'In Stock'], ['A', 1, '(clear)']], 'Row 2: In Stock cannot be cleared'],
    ['clearing the slug', [['Name', 'Slug', 'Price'], ['A', '(clear)', 1]], 'Row 2: Slug cannot be cleared'],
    ['a formula with no saved value (what scripts write)', [['Name', 'Slug', 'Price'], ['A', 'a', 1], ['B', 'b', { formula: 'C2*2' }]], 'Row 3: Price (column C) has a formula with no saved value: open and save the file in a spreadsheet program, or type the value'],
    ['a formula showing an error', [['Name', 'Price'], ['A', { formula: '1/0', result: { error: '#DIV/0!' } }]], 'Row 2: Price (column B) shows the error #DIV/0!: fix the formula or type the value'],
  ];

  it.each(REFUSED)('refuses %s and changes nothing', async (_label, rows, message) => {
    const before = await catalogue();
    const res = await upload(await workbook(rows));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a variation id another product uses, naming the row; categories already written in the transaction are rolled back', async () => {
    await t.dataSource.query(`UPDATE products SET variation_id = 'VAR-TAKEN' WHERE slug = 'gift-box'`);
    const before = await catalogue();
    const res = await upload(
      await workbook(
        [
          ['Name', 'Price', 'Variation ID', 'Category'],
          ['Fine', 1, null, 'Rolled Back Too'],
          ['Other', 1, 'VAR-TAKEN', null],
        ],
        [
          ['Name', 'Slug'],
          ['Written Then Rolled Back', 'written-then-rolled-back'],
          ['Gift Sets (renamed)', 'gift-sets'],
        ],
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Row 3: Another product already uses the variation id "VAR-TAKEN"');
    expect(await catalogue()).toEqual(before);
  });

  it('a sheet with every export header but blank cells leaves an existing product unchanged; (clear) empties a field', async () => {
    await t.dataSource.query(
      `UPDATE products SET subtitle = 'Keep me', description = 'Kept', image_url = '/uploads/products/kept.jpg', variation_id = 'VAR-KEEP', stock_count = 12, low_stock_threshold = 3 WHERE slug = 'mexican-spiced-hot-cocoa'`,
    );
    const before = await catalogue();
    const target = before.products.find((p: { slug: string }) => p.slug === 'mexican-spiced-hot-cocoa');
    const blankRow = PRODUCT_HEADERS.map(() => null);
    // A row with only the slug, and one with only a name (matched by the slug of the name): every other cell blank.
    let res = await upload(
      await workbook([PRODUCT_HEADERS, Object.assign([...blankRow], { 1: target.slug, 4: '' }), Object.assign([...blankRow], { 0: 'Classic Dark Hot Cocoa' })]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 2, categories: [] });
    expect(await catalogue()).toEqual(before);

    res = await upload(
      await workbook([
        ['Slug', 'Subtitle', 'Variation ID', 'Image URL', 'Category', 'Description', 'Name', 'Price'],
        [target.slug, '(clear)', ' (CLEAR) ', '(Clear)', '(clear)', null, null, null],
      ]),
    );
    expect(res.status).toBe(200);
    const [after] = await t.dataSource.query(
      `SELECT name, subtitle, description, image_url, variation_id, category_id, price_cents FROM products WHERE slug = $1`,
      [target.slug],
    );
    expect(after).toEqual({
      name: target.name,
      subtitle: null,
      description: 'Kept',
      image_url: null,
      variation_id: null,
      category_id: null,
      price_cents: target.price_cents,
    });
  });

  it('exports Stock Count and Low Stock Threshold beside In Stock, blank when not counted', async () => {
    await t.dataSource.query(`UPDATE products SET stock_count = 7, low_stock_threshold = 2 WHERE slug = 'peppermint-bark-hot-cocoa'`);
    await t.dataSource.query(`UPDATE products SET stock_count = NULL, low_stock_threshold = NULL WHERE slug = 'salted-caramel-hot-cocoa'`);
    const res = await admin.get('/api/products/export').buffer(true).parse(binary);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const sheet = wb.getWorksheet('Products')!;
    const header = sheet.getRow(1).values as unknown[];
    const stockColumn = header.indexOf('Stock Count');
    expect(header.slice(7, 10)).toEqual(['In Stock', 'Stock Count', 'Low Stock Threshold']);
    const rowOf = (slug: string) => sheet.getRows(2, sheet.actualRowCount - 1)!.find((row) => row.getCell(2).value === slug)!;
    expect([rowOf('peppermint-bark-hot-cocoa').getCell(stockColumn).value, rowOf('peppermint-bark-hot-cocoa').getCell(stockColumn + 1).value]).toEqual([7, 2]);
    expect([rowOf('salted-caramel-hot-cocoa').getCell(stockColumn).value, rowOf('salted-caramel-hot-cocoa').getCell(stockColumn + 1).value]).toEqual([
      null,
      null,
    ]);
  });

  it('imports Stock Count and Low Stock Threshold as typed ("1,200" too); (clear) stops counting; a blank cell keeps the count', async () => {
    await t.dataSource.query(`UPDATE products SET stock_count = 5, low_stock_threshold = 1 WHERE slug IN ('classic-dark-hot-cocoa', 'iced-mocha-cocoa')`);
    const res = await upload(
      await workbook([
        ['Name', 'Slug', 'Price', 'Stock Count', 'Low Stock Threshold'],
        [null, 'peppermint-bark-hot-cocoa', null, '1,200', 10],
        [null, 'salted-caramel-hot-cocoa', null, 0, null],
        [null, 'classic-dark-hot-cocoa', null, '(clear)', '(clear)'],
        [null, 'iced-mocha-cocoa', null, null, '4'],
      ]),
    );
    expect(res.status).toBe(200);
    const rows = await t.dataSource.query(
      `SELECT slug, stock_count, low_stock_threshold FROM products WHERE slug IN ('peppermint-bark-hot-cocoa', 'salted-caramel-hot-cocoa', 'classic-dark-hot-cocoa', 'iced-mocha-cocoa') ORDER BY slug`,
    );
    expect(rows).toEqual([
      { slug: 'classic-dark-hot-cocoa', stock_count: null, low_stock_threshold: null },
      { slug: 'iced-mocha-cocoa', stock_count: 5, low_stock_threshold: 4 },
      { slug: 'peppermint-bark-hot-cocoa', stock_count: 1200, low_stock_threshold: 10 },
      { slug: 'salted-caramel-hot-cocoa', stock_count: 0, low_stock_threshold: null },
    ]);
    // A CSV reads them from text, and a new product takes its count.
    const csv = await upload(Buffer.from('Name,Slug,Price,Stock Count,Low Stock Threshold\r\nStocked Tin,stocked-tin,9.50,40,6\r\n'), 'stock.csv');
    expect(csv.status).toBe(200);
    expect(await t.dataSource.query(`SELECT stock_count, low_stock_threshold FROM products WHERE slug = 'stocked-tin'`)).toEqual([
      { stock_count: 40, low_stock_threshold: 6 },
    ]);
  });

  it.each<[string, unknown, string]>([
    ['a negative count', -1, 'Row 3: Stock count cannot be negative'],
    ['a fraction', 2.5, 'Row 3: Stock count must be a whole number'],
    ['a word', 'lots', 'Row 3: Stock count must be a number'],
    ['a boolean', true, 'Row 3: Stock count must be a number'],
    ['more than 1,000,000', 1_000_001, 'Row 3: Stock count must be at most 1,000,000'],
  ])('refuses %s in Stock Count, naming the row, and changes nothing', async (_label, value, message) => {
    const before = await catalogue();
    const res = await upload(
      await workbook([
        ['Name', 'Slug', 'Price', 'Stock Count', 'Low Stock Threshold'],
        [null, 'peppermint-bark-hot-cocoa', null, 3, 1],
        [null, 'salted-caramel-hot-cocoa', null, value, null],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a bad Low Stock Threshold, naming the row', async () => {
    const res = await upload(
      await workbook([
        ['Name', 'Slug', 'Price', 'Low Stock Threshold'],
        [null, 'peppermint-bark-hot-cocoa', null, '-2'],
      ]),
    );
    expect([res.status, res.body.message]).toEqual([400, 'Row 2: Low-stock threshold cannot be negative']);
  });

  it('a cleared variation id is free for another product in the same sheet', async () => {
    await t.dataSource.query(`UPDATE products SET variation_id = 'VAR-MOVE' WHERE slug = 'peppermint-bark-hot-cocoa'`);
    const res = await upload(
      await workbook([
        ['Name', 'Slug', 'Price', 'Variation ID'],
        [null, 'peppermint-bark-hot-cocoa', null, '(clear)'],
        [null, 'salted-caramel-hot-cocoa', null, 'VAR-MOVE'],
      ]),
    );
    expect(res.status).toBe(200);
    const rows = await t.dataSource.query(
      `SELECT slug, variation_id FROM products WHERE slug IN ('peppermint-bark-hot-cocoa', 'salted-caramel-hot-cocoa') ORDER BY slug`,
    );
    expect(rows).toEqual([
      { slug: 'peppermint-bark-hot-cocoa', variation_id: null },
      { slug: 'salted-caramel-hot-cocoa', variation_id: 'VAR-MOVE' },
    ]);
  });

  it('reads booleans however they are stored, and formulas by their saved value', async () => {
    const cases: Array<[unknown, boolean]> = [
      [true, true],
      [false, false],
      [{ formula: 'TRUE()', result: true }, true],
      [1, true],
      [0, false],
      ['TRUE', true],
      ['false', false],
      ['Yes', true],
      ['no', false],
      ['y', true],
      ['N', false],
      ['1', true],
      ['0', false],
      ['WAHR', true],
      ['faux', false],
    ];
    const res = await upload(
      await workbook([
        ['Name', 'Slug', 'Price', 'In Stock', 'Featured'],
        ...cases.map(([value], i) => [`Bool ${i}`, `bool-${i}`, { formula: '2*3.5', result: 7 }, value, { formula: 'IF(1,"yes","no")', result: 'yes' }]),
      ]),
    );
    expect(res.status).toBe(200);
    const rows: Array<{ slug: string; in_stock: boolean; featured: boolean; price_cents: number }> = await t.dataSource.query(
      `SELECT slug, in_stock, featured, price_cents FROM products WHERE slug LIKE 'bool-%'`,
    );
    for (const [i, [, expected]] of cases.entries()) {
      expect(rows.find((r) => r.slug === `bool-${i}`)).toEqual({ slug: `bool-${i}`, in_stock: expected, featured: true, price_cents: 700 });
    }
  });

  describe('Sold At Cart and the Options sheet', () => {
    /** A group as the database keeps it: choices as [id, name, price change in cents]. */
    const group = (id: string, name: string, min: number, max: number, choices: Array<[string, string, number]>): ProductOptionGroup => ({
      id,
      name,
      min,
      max,
      choices: choices.map(([choiceId, choiceName, priceCents]) => ({ id: choiceId, name: choiceName, priceCents })),
    });
    const DRINK_OPTIONS = [
      group('size', 'Size', 1, 1, [
        ['regular', 'Regular', 0],
        ['large', 'Large', 75],
        ['kids-cup', "Kids' cup", -50],
      ]),
      group('toppings', 'Toppings', 0, 2, [
        ['marshmallows', 'Marshmallows', 50],
        ['whipped-cream-extra', 'Whipped cream, "extra"', 45],
      ]),
    ];
    const STALE_OPTIONS = JSON.stringify([{ id: 'old', name: 'Old', min: 0, max: 1, choices: [{ id: 'old', name: 'Old', priceCents: 1 }] }]);
    const cartState = (slugs: string[]): Promise<Array<{ slug: string; sold_at_cart: boolean; options: ProductOptionGroup[] }>> =>
      t.dataSource.query(`SELECT slug, sold_at_cart, options FROM products WHERE slug = ANY($1) ORDER BY slug`, [slugs]);

    it('exports Sold At Cart after Featured and one Options row a choice; export → import puts both back and drops options the file does not have', async () => {
      await t.dataSource.query(`UPDATE products SET sold_at_cart = true, options = $1 WHERE slug = 'classic-dark-hot-cocoa'`, [JSON.stringify(DRINK_OPTIONS)]);
      await t.dataSource.query(`UPDATE products SET sold_at_cart = true, options = '[]' WHERE slug = 'iced-mocha-cocoa'`);
      const res = await admin.get('/api/products/export').buffer(true).parse(binary);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as ArrayBuffer);
      const products = sheetRows(wb.getWorksheet('Products')!);
      const soldAtCart = products[0].indexOf('Sold At Cart');
      expect(products[0][soldAtCart - 1]).toBe('Featured');
      const soldOf = (slug: string) => products.find((row) => row[1] === slug)![soldAtCart];
      expect([soldOf('classic-dark-hot-cocoa'), soldOf('iced-mocha-cocoa'), soldOf('salted-caramel-hot-cocoa')]).toEqual([true, true, false]);
      expect(sheetRows(wb.getWorksheet('Options')!)).toEqual([
        ['Product', 'Option', 'Min Choices', 'Max Choices', 'Choice', 'Price Change'],
        ['classic-dark-hot-cocoa', 'Size', 1, 1, 'Regular', 0],
        ['classic-dark-hot-cocoa', 'Size', 1, 1, 'Large', 0.75],
        ['classic-dark-hot-cocoa', 'Size', 1, 1, "Kids' cup", -0.5],
        ['classic-dark-hot-cocoa', 'Toppings', 0, 2, 'Marshmallows', 0.5],
        ['classic-dark-hot-cocoa', 'Toppings', 0, 2, 'Whipped cream, "extra"', 0.45],
      ]);

      const before = await catalogue();
      await t.dataSource.query(`UPDATE products SET sold_at_cart = false, options = '[]' WHERE slug IN ('classic-dark-hot-cocoa', 'iced-mocha-cocoa')`);
      // Options added after the export: the file has none for the product, so the import takes them away.
      await t.dataSource.query(`UPDATE products SET sold_at_cart = true, options = $1 WHERE slug = 'salted-caramel-hot-cocoa'`, [STALE_OPTIONS]);
      const imported = await upload(res.body as Buffer);
      expect(imported.status).toBe(200);
      expect(await catalogue()).toEqual(before);
      expect(await cartState(['classic-dark-hot-cocoa', 'salted-caramel-hot-cocoa'])).toEqual([
        { slug: 'classic-dark-hot-cocoa', sold_at_cart: true, options: DRINK_OPTIONS },
        { slug: 'salted-caramel-hot-cocoa', sold_at_cart: false, options: [] },
      ]);
    });

    it('reads them as LibreOffice and Google Sheets write them: TRUE()/FALSE(), "yes"/"no", "1"/"0", prices as numbers or text; products on neither sheet keep theirs', async () => {
      await t.dataSource.query(`UPDATE products SET options = $1 WHERE slug = 'salted-caramel-hot-cocoa'`, [STALE_OPTIONS]);
      const res = await upload(
        await workbook(
          [
            ['Name', 'Slug', 'Price', 'Sold At Cart'],
            [null, 'peppermint-bark-hot-cocoa', null, { formula: 'TRUE()', result: true }],
            [null, 'salted-caramel-hot-cocoa', null, 'yes'],
            [null, 'iced-mocha-cocoa', null, { formula: 'FALSE()', result: false }],
            [null, 'mexican-spiced-hot-cocoa', null, '1'],
            ['Sheet Drink', null, '4.50', 'TRUE'],
            ['Sheet Tin', null, 9, '0'],
            ['Sheet Bag', null, 3, 'no'],
          ],
          undefined,
          [
            // Any header case and order; the product by its slug or by its name.
            ['product', 'Choice', 'OPTION', 'Price Change', 'min choices', 'Max Choices'],
            ['Peppermint Bark Hot Cocoa', 'Regular', 'Size', '0.00', '1', '1'],
            ['peppermint-bark-hot-cocoa', 'Large', 'Size', '$0.75', null, null],
            ['peppermint-bark-hot-cocoa', 'Small', 'Size', '-$0.50', '1', null],
            ['sheet-drink', 'Marshmallows', 'Toppings', { formula: '0.25*2', result: 0.5 }, null, 2],
            ['peppermint-bark-hot-cocoa', 'Oat', 'Milk', 0.6, 0, 1],
            ['peppermint-bark-hot-cocoa', 'Almond', 'milk', '0,60', null, null],
            ['sheet-drink', 'Cinnamon', 'Toppings', null, null, null],
            [],
          ],
        ),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imported: 7, categories: [] });
      expect(
        await cartState([
          'classic-dark-hot-cocoa',
          'peppermint-bark-hot-cocoa',
          'salted-caramel-hot-cocoa',
          'iced-mocha-cocoa',
          'mexican-spiced-hot-cocoa',
          'sheet-drink',
          'sheet-tin',
          'sheet-bag',
        ]),
      ).toEqual([
        // On neither sheet: as it was.
        { slug: 'classic-dark-hot-cocoa', sold_at_cart: true, options: DRINK_OPTIONS },
        { slug: 'iced-mocha-cocoa', sold_at_cart: false, options: [] },
        { slug: 'mexican-spiced-hot-cocoa', sold_at_cart: true, options: [] },
        {
          slug: 'peppermint-bark-hot-cocoa',
          sold_at_cart: true,
          options: [
            group('size', 'Size', 1, 1, [
              ['regular', 'Regular', 0],
              ['large', 'Large', 75],
              ['small', 'Small', -50],
            ]),
            group('milk', 'Milk', 0, 1, [
              ['oat', 'Oat', 60],
              ['almond', 'Almond', 60],
            ]),
          ],
        },
        // On the Products sheet with no Options row: no options.
        { slug: 'salted-caramel-hot-cocoa', sold_at_cart: true, options: [] },
        { slug: 'sheet-bag', sold_at_cart: false, options: [] },
        {
          slug: 'sheet-drink',
          sold_at_cart: true,
          options: [
            group('toppings', 'Toppings', 0, 2, [
              ['marshmallows', 'Marshmallows', 50],
              ['cinnamon', 'Cinnamon', 0],
            ]),
          ],
        },
        { slug: 'sheet-tin', sold_at_cart: false, options: [] },
      ]);
    });

    it('a workbook without an Options sheet (an older export) and a CSV leave options and Sold At Cart as they are', async () => {
      const slugs = ['classic-dark-hot-cocoa', 'peppermint-bark-hot-cocoa'];
      const kept = await cartState(slugs);
      expect(kept[0].options).toEqual(DRINK_OPTIONS);
      let res = await upload(
        await workbook(
          [
            ['Name', 'Slug', 'Price'],
            [null, 'classic-dark-hot-cocoa', 9],
            [null, 'peppermint-bark-hot-cocoa', 9],
          ],
          [['Name'], ['Hot Cocoa']],
        ),
      );
      expect(res.status).toBe(200);
      expect(await cartState(slugs)).toEqual(kept);
      res = await upload(Buffer.from('Name,Slug,Price\r\n,classic-dark-hot-cocoa,9.50\r\n,peppermint-bark-hot-cocoa,9.50\r\n'), 'products.csv');
      expect(res.status).toBe(200);
      expect(await cartState(slugs)).toEqual(kept);
      expect(await t.dataSource.query(`SELECT price_cents FROM products WHERE slug = ANY($1)`, [slugs])).toEqual([{ price_cents: 950 }, { price_cents: 950 }]);
    });

    const OPTION_HEADER = ['Product', 'Option', 'Min Choices', 'Max Choices', 'Choice', 'Price Change'];
    it.each<[string, unknown[][], string]>([
      [
        'Max Choices below Min Choices',
        [
          OPTION_HEADER,
          ['peppermint-bark-hot-cocoa', 'Size', 1, 1, 'Regular', 0],
          ['sheet-drink', 'Toppings', 2, 1, 'Cinnamon', 0],
          ['sheet-drink', 'Toppings', null, null, 'Nutmeg', 0],
        ],
        'Options row 3: Minimum cannot be more than maximum',
      ],
      [
        'Max Choices above the choices',
        [OPTION_HEADER, ['sheet-drink', 'Toppings', 0, null, 'Cinnamon', 0], ['sheet-drink', 'Toppings', null, 3, 'Nutmeg', 0]],
        'Options row 3: Maximum cannot be more than the choices',
      ],
      [
        'a product neither sheet nor shop has',
        [OPTION_HEADER, ['peppermint-bark-hot-cocoa', 'Size', 1, 1, 'Regular', 0], ['No Such Drink', 'Size', 1, 1, 'Regular', 0]],
        'Options row 3: No product has the slug "no-such-drink" (on the Products sheet or in the shop)',
      ],
      [
        'two choices of a group with the same name',
        [OPTION_HEADER, ['sheet-drink', 'Milk', 0, 1, 'Oat', 0.6], ['sheet-drink', 'Milk', 0, 1, 'Whole', 0], ['sheet-drink', 'milk', 0, 1, 'OAT', 0.5]],
        'Options row 4: Choice "OAT" of Milk is also on row 2',
      ],
      ['a price change that is not money', [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, 'Large', 'a lot']], 'Options row 2: Price change must be a number'],
      [
        'a price change of a tenth of a cent',
        [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, 'Large', '$0.755']],
        'Options row 2: Price change must have at most two decimals',
      ],
      ['a price change over $100', [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, 'Large', 150]], 'Options row 2: Price change must be at most $100'],
      ['a price change that is cleared', [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, 'Large', '(clear)']], 'Options row 2: Price Change cannot be cleared'],
      ['a fraction of a choice', [OPTION_HEADER, ['sheet-drink', 'Size', 0.5, 1, 'Large', 0]], 'Options row 2: Minimum must be a whole number'],
      [
        "a group's rows giving two Max Choices",
        [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, 'Regular', 0], ['sheet-drink', 'Size', 1, 2, 'Large', 0.75]],
        'Options row 3: Max Choices of Size is not as on row 2: give it once, or the same on each row',
      ],
      ['a row without a choice', [OPTION_HEADER, ['sheet-drink', 'Size', 1, 1, null, 0.75]], 'Options row 2: Choice name is required'],
      ['a row without a product', [OPTION_HEADER, [null, 'Size', 1, 1, 'Large', 0.75]], 'Options row 2: Product is required'],
      [
        'more than 8 options on a product',
        [OPTION_HEADER, ...Array.from({ length: 9 }, (_, i) => ['sheet-drink', `Group ${i + 1}`, 0, 1, 'Plain', 0])],
        'Options row 10: At most 8 options a product',
      ],
      [
        'more than 12 choices in an option',
        [OPTION_HEADER, ...Array.from({ length: 13 }, (_, i) => ['sheet-drink', 'Syrup', 0, 1, `Syrup ${i + 1}`, 0.25])],
        'Options row 14: At most 12 choices an option',
      ],
      [
        'an Options sheet without a Product column',
        [
          ['Option', 'Choice'],
          ['Size', 'Large'],
        ],
        'The Options sheet needs a Product column (delete the sheet to leave options as they are)',
      ],
    ])('refuses %s, naming the row, and changes nothing', async (_label, options, message) => {
      const before = await catalogue();
      const res = await upload(
        await workbook(
          [
            ['Name', 'Slug', 'Price', 'Sold At Cart'],
            [null, 'peppermint-bark-hot-cocoa', 12, 'no'],
            ['Sheet Drink', null, 5, 'no'],
            ['Brand New Drink', null, 5, 'yes'],
          ],
          undefined,
          options,
        ),
      );
      expect([res.status, res.body.message]).toEqual([400, message]);
      expect(await catalogue()).toEqual(before);
    });
  });

  describe('CSV', () => {
    it('reads a UTF-8 CSV with a byte-order mark, quoted commas, quotes and line breaks; blank cells leave a product unchanged', async () => {
      const before = await catalogue();
      const existing = before.products.find((p: { slug: string }) => p.slug === 'classic-dark-hot-cocoa');
      // Records end in CRLF; the line break inside the quoted value is a bare LF, as spreadsheets write it.
      const csv = [
        'Name,Slug,Price,In Stock,Description,Category,Subtitle',
        `,${existing.slug},"$4.50",no,,,`,
        'Crème Brûlée Cocoa,,"1,299.00",TRUE,"Rich, smooth ""brûlée""\non two lines",csv-made-category,(clear)',
      ].join('\r\n');
      const res = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]), 'products.csv');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imported: 2, categories: ['Csv Made Category'] });
      const rows = await t.dataSource.query(
        `SELECT p.slug, p.name, p.price_cents, p.in_stock, p.description, p.subtitle, c.slug AS category FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.slug IN ($1, 'creme-brulee-cocoa') ORDER BY p.slug`,
        [existing.slug],
      );
      const category = before.categories.find((c: { id: number }) => c.id === existing.category_id)?.slug ?? null;
      expect(rows).toEqual([
        {
          slug: existing.slug,
          name: existing.name,
          price_cents: 450,
          in_stock: false,
          description: existing.description,
          subtitle: existing.subtitle,
          category,
        },
        {
          slug: 'creme-brulee-cocoa',
          name: 'Crème Brûlée Cocoa',
          price_cents: 129900,
          in_stock: true,
          description: 'Rich, smooth "brûlée"\non two lines',
          subtitle: null,
          category: 'csv-made-category',
        },
      ]);
    });

    it.each<[string, Buffer]>([
      [
        'semicolons and decimal commas (LibreOffice or Excel in a European locale)',
        Buffer.from('Name;Slug;Price;Featured\r\nSemi Colon;semi-colon;12,50;WAHR\r\n', 'utf8'),
      ],
      [
        'Windows-1252 (Excel\'s plain "CSV")',
        Buffer.from([
          ...Buffer.from('Name,Slug,Price,Featured\r\nSemi Colon,semi-colon,12.50,yes\r\nCaf'),
          0xe9,
          ...Buffer.from(' Cr'),
          0xe8,
          ...Buffer.from('me,cafe-creme,3,no\r\n'),
        ]),
      ],
      [
        'UTF-16 with tabs (Excel\'s "Unicode Text")',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tSlug\tPrice\tFeatured\r\nSemi Colon\tsemi-colon\t12.5\tTRUE\r\n', 'utf16le')]),
      ],
    ])('reads %s', async (_label, file) => {
      const res = await upload(file, 'products.csv');
      expect(res.status).toBe(200);
      const rows = await t.dataSource.query(`SELECT slug, name, price_cents, featured FROM products WHERE slug IN ('semi-colon', 'cafe-creme') ORDER BY slug`);
      expect(rows[rows.length - 1]).toEqual({ slug: 'semi-colon', name: 'Semi Colon', price_cents: 1250, featured: true });
      if (rows.length === 2) expect(rows[0]).toEqual({ slug: 'cafe-creme', name: 'Café Crème', price_cents: 300, featured: false });
    });

    it.each<[string, Buffer | string, string, string]>([
      ['an unclosed quote', 'Name,Price\nA,1\n"B,2\n', 'products.csv', 'The CSV file could not be read (line 3): a quoted value is never closed'],
      ['unknown headers', 'Product,Cost\nA,1\n', 'products.csv', 'The CSV file needs a Name column'],
      ['only a header', '\ufeffName,Price\r\n', 'products.csv', 'The CSV file has no rows to import'],
      [
        'a formula typed as text',
        'Name,Price\nA,=B2*2\n',
        'products.csv',
        'Row 2: Price (column B) has a formula with no saved value: open and save the file in a spreadsheet program, or type the value',
      ],
      ['binary bytes named .csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x10]), 'products.csv', 'The file is not a CSV text file'],
      [
        'an .xls file',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        'products.xls',
        'Excel 97-2003 files (.xls) cannot be imported: save the file as Excel Workbook (.xlsx) or CSV (.csv)',
      ],
      [
        "LibreOffice's own .ods",
        fixture('libreoffice-calc.ods'),
        'products.ods',
        'LibreOffice .ods files cannot be imported: save the file as Excel 2007-365 (.xlsx) or Text CSV (.csv)',
      ],
      ['a PDF', '%PDF-1.7\n', 'products.pdf', 'Choose an Excel workbook (.xlsx) or a CSV file (.csv)'],
    ])('refuses %s and changes nothing', async (_label, file, name, message) => {
      const before = await catalogue();
      const res = await upload(Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'), name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await catalogue()).toEqual(before);
    });
  });

  it('names a category a product row creates readably: title case of a slug, the Categories sheet name when present, a typed name as typed', async () => {
    const res = await upload(
      await workbook(
        [
          ['Name', 'Price', 'Category'],
          ['Slug Cat Cocoa', 5, 'seasonal-gifts-and-tins'],
          ['Sheet Cat Cocoa', 6, 'party-packs'],
          ['Typed Cat Cocoa', 7, 'Holiday Specials'],
          ['Cased Cat Cocoa', 8, 'mugs'],
        ],
        [
          ['Name', 'Slug'],
          ['Party Packs & Boxes', 'party-packs'],
        ],
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 4, categories: ['Party Packs & Boxes', 'Seasonal Gifts and Tins', 'Holiday Specials', 'Mugs'] });
    const rows = await t.dataSource.query(
      `SELECT p.name AS product, c.name, c.slug FROM products p JOIN categories c ON c.id = p.category_id WHERE p.name LIKE '% Cat Cocoa' ORDER BY p.price_cents`,
    );
    expect(rows).toEqual([
      { product: 'Slug Cat Cocoa', name: 'Seasonal Gifts and Tins', slug: 'seasonal-gifts-and-tins' },
      { product: 'Sheet Cat Cocoa', name: 'Party Packs & Boxes', slug: 'party-packs' },
      { product: 'Typed Cat Cocoa', name: 'Holiday Specials', slug: 'holiday-specials' },
      { product: 'Cased Cat Cocoa', name: 'Mugs', slug: 'mugs' },
    ]);
  });

  describe('limits checked before a workbook is unpacked', () => {
    it('the hand-written minimal workbook imports (so the refusals below are about their limits)', async () => {
      const sheet = part('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW + productRow(2, 'Zip Made Cocoa', 3.5) + SHEET_TAIL);
      const res = await upload(minimalWorkbook(sheet));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ imported: 1, categories: [] });
      await t.dataSource.query(`DELETE FROM products WHERE slug = 'zip-made-cocoa'`);
    });

    it('a workbook whose sheet unpacks to 300 MB (a zip bomb) is refused with a message, without unpacking it, nothing changed', async () => {
      const before = await catalogue();
      // 300 MB of the same bytes packs into well under a megabyte.
      const bomb = await streamedSheet('<!--'.padEnd(1024 * 1024 - 3, 'cocoa ') + '-->', 300);
      expect(bomb.size).toBeGreaterThan(300 * 1024 * 1024);
      const file = minimalWorkbook(bomb);
      expect(file.length).toBeLessThan(1024 * 1024);
      let peak = process.memoryUsage().rss;
      const start = peak;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const res = await upload(file);
      clearInterval(sampler);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message:
          'The workbook unpacks to more than 50 MB, far more than a catalogue needs: remove other sheets, images and formatting, or save the Products sheet as CSV',
        code: 'IMPORT_TOO_LARGE',
      });
      // Unpacked, it held 1.15 GB: refused, it stays near where it was.
      expect(peak - start).toBeLessThan(100 * 1024 * 1024);
      expect(await catalogue()).toEqual(before);
    });

    it('a bomb whose directory understates its size is stopped as it unpacks', async () => {
      const bomb = await streamedSheet('<!--'.padEnd(1024 * 1024 - 3, 'cocoa ') + '-->', 300);
      const res = await upload(minimalWorkbook({ ...bomb, declaredSize: 40 * 1024 }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The workbook is damaged: a part unpacks to another size than its directory says', code: 'IMPORT_NOT_XLSX' });
    });

    it('a part packed far tighter than any spreadsheet (5 MB of one byte) is refused, though under the size limit', async () => {
      const tight = await streamedSheet(' '.repeat(1024 * 1024), 5);
      const res = await upload(minimalWorkbook(tight));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'The workbook is packed over 100 times tighter than spreadsheets are: it cannot be imported',
        code: 'IMPORT_TOO_LARGE',
      });
    });

    it(`a sheet of more than ${IMPORT_MAX_ROWS} rows is refused before it is read; empty formatted rows do not count`, async () => {
      const before = await catalogue();
      const rows = (count: number) => Array.from({ length: count }, (_, i) => productRow(i + 2, `Row ${i}`, 1)).join('');
      const emptyRows = Array.from(
        { length: 3000 },
        (_, i) => `<row r="${IMPORT_MAX_ROWS + 10 + i}" ht="20" customHeight="1"><c r="A${IMPORT_MAX_ROWS + 10 + i}" s="1"/></row>`,
      ).join('');
      const over = part('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW + rows(IMPORT_MAX_ROWS + 1) + SHEET_TAIL);
      const res = await upload(minimalWorkbook(over));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: `A sheet of the workbook has more than ${IMPORT_MAX_ROWS} rows: split the catalogue into several files`,
        code: 'IMPORT_TOO_MANY_ROWS',
      });
      // Row elements that only carry formatting are not rows of the catalogue: a sheet of exactly the
      // limit with 3,000 of them after it is read (and refused for its content, a negative price, not its size).
      const formatted = part(
        'xl/worksheets/sheet1.xml',
        SHEET_HEAD + HEADER_ROW + rows(IMPORT_MAX_ROWS).replace('<v>1</v>', '<v>-1</v>') + emptyRows + SHEET_TAIL,
      );
      const read = await upload(minimalWorkbook(formatted));
      expect(read.status).toBe(400);
      expect(read.body.code).toBe('IMPORT_INVALID_ROW');
      expect(await catalogue()).toEqual(before);
    });

    it('a sheet of more than 200,000 filled cells is refused before it is read', async () => {
      const wide = Array.from({ length: 2100 }, (_, i) => `<c><v>${i}</v></c>`).join('');
      const sheet = part(
        'xl/worksheets/sheet1.xml',
        SHEET_HEAD + HEADER_ROW + Array.from({ length: 100 }, (_, i) => `<row r="${i + 2}">${wide}</row>`).join('') + SHEET_TAIL,
      );
      const res = await upload(minimalWorkbook(sheet));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: "A sheet of the workbook has more than 200,000 filled cells: keep the catalogue's columns only, or split it into several files",
        code: 'IMPORT_TOO_MANY_CELLS',
      });
    });
  });

  it('refuses a file that is not a workbook, and a missing file', async () => {
    let res = await upload(Buffer.from('name,price\nA,1\n'), 'products.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file is not a valid Excel workbook (.xlsx)');
    res = await admin.post('/api/products/import');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose an Excel (.xlsx) or CSV (.csv) file to import');
  });
});

/**
 * Our export of source-catalogue.json, saved again by other programs (see the README beside the files).
 * Each re-save must import as exactly the catalogue it was exported from.
 */
describe('spreadsheets from other programs', () => {
  interface SourceProduct extends Omit<Product, 'id' | 'categoryId' | 'createdAt' | 'updatedAt'> {
    category: string | null;
  }
  const source = JSON.parse(fixture('source-catalogue.json').toString('utf8')) as { categories: Array<Omit<Category, 'id'>>; products: SourceProduct[] };
  const sourceSlugs = source.products.map((p) => p.slug);
  const t = useTestApp();
  let admin: Agent;
  let original: Awaited<ReturnType<typeof snapshot>>;
  const upload = (name: string) => admin.post('/api/products/import').attach('file', fixture(name), { filename: name });

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const c of source.categories) {
      await t.dataSource.query(`INSERT INTO categories (name, slug, description, image_url) VALUES ($1, $2, $3, $4)`, [
        c.name,
        c.slug,
        c.description,
        c.imageUrl,
      ]);
    }
    for (const p of source.products) {
      await t.dataSource.query(
        `INSERT INTO products (name, slug, subtitle, description, price_cents, category_id, in_stock, featured, variation_id, image_url, hot_image_url, iced_image_url, shake_image_url, featured_image_url, background_image_url, stock_count, low_stock_threshold, sold_at_cart, options)
         VALUES ($1, $2, $3, $4, $5, (SELECT id FROM categories WHERE slug = $6), $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
        [
          p.name,
          p.slug,
          p.subtitle,
          p.description,
          p.priceCents,
          p.category,
          p.inStock,
          p.featured,
          p.variationId,
          p.imageUrl,
          p.hotImageUrl,
          p.icedImageUrl,
          p.shakeImageUrl,
          p.featuredImageUrl,
          p.backgroundImageUrl,
          p.stockCount,
          p.lowStockThreshold,
          p.soldAtCart,
          JSON.stringify(p.options),
        ],
      );
    }
    original = await snapshot(t);
  });

  /** Every value the files hold is changed in the database first, so an import that merely left things alone would fail. */
  async function scramble(categoriesToo: boolean, optionsToo: boolean): Promise<void> {
    await t.dataSource.query(
      `UPDATE products SET in_stock = NOT in_stock, featured = NOT featured, price_cents = price_cents + 1, name = name || ' (old)',
         subtitle = CASE WHEN subtitle IS NULL THEN NULL ELSE 'old' END, description = CASE WHEN description IS NULL THEN NULL ELSE 'old' END,
         variation_id = CASE WHEN variation_id IS NULL THEN NULL ELSE 'OLD-' || id END, image_url = CASE WHEN image_url IS NULL THEN NULL ELSE '/old.jpg' END,
         hot_image_url = CASE WHEN hot_image_url IS NULL THEN NULL ELSE '/old.jpg' END, iced_image_url = CASE WHEN iced_image_url IS NULL THEN NULL ELSE '/old.jpg' END,
         shake_image_url = CASE WHEN shake_image_url IS NULL THEN NULL ELSE '/old.jpg' END, featured_image_url = CASE WHEN featured_image_url IS NULL THEN NULL ELSE '/old.jpg' END,
         background_image_url = CASE WHEN background_image_url IS NULL THEN NULL ELSE '/old.jpg' END,
         category_id = CASE WHEN category_id IS NULL THEN NULL ELSE (SELECT id FROM categories WHERE slug = 'hot-cocoa') END
       WHERE slug = ANY($1)`,
      [sourceSlugs],
    );
    if (optionsToo) {
      // Every product gets an option it does not have, and the options it has lose their last choice.
      await t.dataSource.query(
        `UPDATE products SET sold_at_cart = NOT sold_at_cart, options = (
           SELECT jsonb_agg(CASE WHEN jsonb_array_length(g->'choices') > 1 THEN jsonb_set(g, '{choices}', (g->'choices') - (-1)) ELSE g END)
           FROM jsonb_array_elements(options || '[{"id": "old", "name": "Old", "min": 0, "max": 1, "choices": [{"id": "old", "name": "Old", "priceCents": 1}]}]'::jsonb) AS g)
         WHERE slug = ANY($1)`,
        [sourceSlugs],
      );
    }
    if (categoriesToo) {
      await t.dataSource.query(
        `UPDATE categories SET name = name || ' (old)', description = CASE WHEN description IS NULL THEN NULL ELSE 'old' END, image_url = CASE WHEN image_url IS NULL THEN NULL ELSE '/old.jpg' END
         WHERE slug = ANY($1)`,
        [source.categories.map((c) => c.slug)],
      );
    }
    expect(await snapshot(t)).not.toEqual(original);
  }

  it('our-export.xlsx is what the exporter writes today for source-catalogue.json', async () => {
    const categories: Category[] = source.categories.map((c, i) => ({ id: i + 1, ...c }));
    const products = source.products.map(
      (p, i) => ({ id: i + 1, ...p, categoryId: categories.find((c) => c.slug === p.category)?.id ?? null }) as unknown as Product,
    );
    const values = async (file: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file as unknown as ArrayBuffer);
      return wb.worksheets.map((sheet) => ({ name: sheet.name, rows: sheet.getSheetValues() }));
    };
    expect(await values(await buildCatalogueWorkbook(products, categories))).toEqual(await values(fixture('our-export.xlsx')));
  });

  it.each<[string, boolean, boolean]>([
    ['our-export.xlsx', true, true],
    ['libreoffice-calc-options-resave.xlsx', true, true],
    ['libreoffice-calc-resave.xlsx', true, false],
    ['libreoffice-calc.csv', false, false],
    ['libreoffice-calc-de.csv', false, false],
    ['excel-style.xlsx', true, false],
    ['google-sheets-style.xlsx', true, false],
  ])('%s imports as the catalogue it was exported from', async (name, hasCategories, hasOptions) => {
    await scramble(hasCategories, hasOptions);
    const res = await upload(name);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: source.products.length, categories: [] });
    expect(await snapshot(t)).toEqual(original);
  });

  it('our-export.xlsx puts the stock counts back; files exported before stock existed leave the live counts alone', async () => {
    const stock = () => t.dataSource.query(`SELECT slug, stock_count, low_stock_threshold FROM products WHERE slug = ANY($1) ORDER BY slug`, [sourceSlugs]);
    const sourceStock = source.products
      .map((p) => ({ slug: p.slug, stock_count: p.stockCount, low_stock_threshold: p.lowStockThreshold }))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    expect(await stock()).toEqual(sourceStock);
    // As scramble() does: a blank cell keeps a value, so only values the file holds are changed.
    await t.dataSource.query(
      `UPDATE products SET stock_count = CASE WHEN stock_count IS NULL THEN NULL ELSE stock_count + 100 END, low_stock_threshold = CASE WHEN low_stock_threshold IS NULL THEN NULL ELSE 1 END WHERE slug = ANY($1)`,
      [sourceSlugs],
    );
    const live = await stock();
    expect(live).not.toEqual(sourceStock);
    for (const older of ['libreoffice-calc-resave.xlsx', 'libreoffice-calc.csv', 'excel-style.xlsx']) {
      expect((await upload(older)).status).toBe(200);
      expect(await stock()).toEqual(live);
    }
    expect((await upload('our-export.xlsx')).status).toBe(200);
    expect(await stock()).toEqual(sourceStock);
  });

  it('files without an Options sheet or a Sold At Cart column leave the live options and flags alone; our-export.xlsx puts them back', async () => {
    const cart = () => t.dataSource.query(`SELECT slug, sold_at_cart, options FROM products WHERE slug = ANY($1) ORDER BY slug`, [sourceSlugs]);
    await scramble(false, true);
    const live = await cart();
    for (const older of ['libreoffice-calc-resave.xlsx', 'libreoffice-calc.csv', 'excel-style.xlsx', 'google-sheets-style.xlsx']) {
      expect((await upload(older)).status).toBe(200);
      expect(await cart()).toEqual(live);
    }
    expect((await upload('our-export.xlsx')).status).toBe(200);
    expect(await snapshot(t)).toEqual(original);
  });

  it("LibreOffice's FALSE() formula reads as false: the out-of-stock product stays out of stock", async () => {
    await t.dataSource.query(`UPDATE products SET in_stock = true WHERE slug = 'sold-out-winter-tin'`);
    const res = await upload('libreoffice-calc-resave.xlsx');
    expect(res.status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT in_stock FROM products WHERE slug = 'sold-out-winter-tin'`);
    expect(row).toEqual({ in_stock: false });
    expect(await snapshot(t)).toEqual(original);
  });

  it('the file edited in LibreOffice changes exactly what was edited', async () => {
    const res = await upload('libreoffice-calc-edited.xlsx');
    expect(res.status).toBe(200);
    const after = await snapshot(t);
    const bySlug = (rows: Array<{ slug: string }>, slug: string) => rows.find((p) => p.slug === slug);
    const ecuador = bySlug(original.products, 'ecuador-70-drinking-chocolate');
    const sampler = bySlug(original.products, 'plain-cocoa-sampler');
    // In Stock typed FALSE, Subtitle (clear), Hot Image URL emptied (so kept), Price a formula =7.1*2.
    expect(after).toEqual({
      ...original,
      products: original.products.map((p: { slug: string }) =>
        p === ecuador ? { ...ecuador, in_stock: false, subtitle: null } : p === sampler ? { ...sampler, price_cents: 1420 } : p,
      ),
    });
    expect(bySlug(after.products, 'ecuador-70-drinking-chocolate')).toMatchObject({ hot_image_url: 'https://cdn.example.com/img/ecuador-hot.jpg' });
    expect((await upload('our-export.xlsx')).status).toBe(200);
    expect(await snapshot(t)).toEqual(original);
  });

  it('a script-written formula with no saved value is refused naming row and column; the same file saved by LibreOffice imports', async () => {
    let res = await upload('openpyxl-style-formula-no-value.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Row 2: Price (column C) has a formula with no saved value: open and save the file in a spreadsheet program, or type the value',
    );
    expect(await snapshot(t)).toEqual(original);

    res = await upload('openpyxl-style-resaved-by-libreoffice.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 2, categories: [] });
    const rows = await t.dataSource.query(
      `SELECT slug, price_cents, in_stock, featured, category_id FROM products WHERE slug IN ('script-cocoa', 'half-price-marshmallows') ORDER BY slug`,
    );
    const marshmallows = original.products.find((p: { slug: string }) => p.slug === 'half-price-marshmallows');
    expect(rows).toEqual([
      { slug: 'half-price-marshmallows', price_cents: 50, in_stock: true, featured: false, category_id: marshmallows.category_id },
      { slug: 'script-cocoa', price_cents: 650, in_stock: true, featured: false, category_id: null },
    ]);
  });
});
