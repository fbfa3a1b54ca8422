import ExcelJS from 'exceljs';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

type Agent = Awaited<ReturnType<TestApp['signedIn']>>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function binary(res: any, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

async function workbook(products: unknown[][], categories?: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Products');
  for (const row of products) sheet.addRow(row);
  if (categories) {
    const c = wb.addWorksheet('Categories');
    for (const row of categories) c.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('catalogue Excel export and import', () => {
  let t: TestApp;
  let admin: Agent;
  let customer: Agent;

  /** Products and categories without timestamps, for before/after comparisons. */
  async function catalogue() {
    const products = await t.dataSource.query(
      `SELECT id, name, slug, subtitle, description, price_cents, image_url, hot_image_url, iced_image_url, shake_image_url, featured_image_url, background_image_url, category_id, in_stock, featured, variation_id FROM products ORDER BY id`,
    );
    const categories = await t.dataSource.query(`SELECT id, name, slug, description, image_url FROM categories ORDER BY id`);
    return { products, categories };
  }
  const upload = (file: Buffer, name = 'catalogue.xlsx') => admin.post('/api/products/import').attach('file', file, { filename: name, contentType: XLSX });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'gina', email: 'gina@example.com', password: 'secret-123' }).expect(201);
    customer = await t.signedIn('gina', 'secret-123');
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/products/export'],
    ['post', '/api/products/import'],
  ] as const)('%s %s: 401 anonymous, 403 customer', async (method, path) => {
    expect((await t.agent()[method](path)).status).toBe(401);
    expect((await customer[method](path)).status).toBe(403);
  });

  let exported: Buffer;
  it('exports a workbook with a Products sheet and a Categories sheet', async () => {
    const res = await admin.get('/api/products/export').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    exported = res.body as Buffer;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Products', 'Categories']);
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

  it.each<[string, unknown[][], string]>([
    ['a missing name', [['Name', 'Price'], ['Fine', 1], [null, 2]], 'Row 3: Name is required'],
    ['a negative price', [['Name', 'Price'], ['Cheap', -1]], 'Row 2: Price cannot be negative'],
    ['a bad slug', [['Name', 'Slug', 'Price'], ['X', 'Not A Slug', 1]], 'Row 2: Slug may hold only lowercase letters, digits and single hyphens'],
    ['a duplicate slug', [['Name', 'Slug', 'Price'], ['A', 'dup', 1], ['B', 'dup', 2]], 'Row 3: Slug "dup" is also on row 2'],
    ['a bad boolean', [['Name', 'Price', 'In Stock'], ['A', 1, 'maybe']], 'Row 2: In stock must be true or false'],
    ['a script image URL', [['Name', 'Price', 'Image URL'], ['A', 1, 'javascript:alert(1)']], 'Row 2: Image must be a site path or an http(s) URL'],
    ['no Price column', [['Name'], ['A']], 'The Products sheet needs a Price column'],
    ['no rows', [['Name', 'Price']], 'The Products sheet has no rows to import'],
  ])('refuses %s and changes nothing', async (_label, rows, message) => {
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
        [['Name', 'Price', 'Variation ID', 'Category'], ['Fine', 1, null, 'Rolled Back Too'], ['Other', 1, 'VAR-TAKEN', null]],
        [['Name', 'Slug'], ['Written Then Rolled Back', 'written-then-rolled-back'], ['Gift Sets (renamed)', 'gift-sets']],
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Row 3: Another product already uses the variation id "VAR-TAKEN"');
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a file that is not a workbook, and a missing file', async () => {
    let res = await upload(Buffer.from('name,price\nA,1\n'), 'products.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file is not a valid Excel workbook (.xlsx)');
    res = await admin.post('/api/products/import');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose an Excel file (.xlsx) to import');
  });
});
