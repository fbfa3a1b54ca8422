import {
  categoryCreateSchema,
  fromCents,
  IMPORT_CLEAR_MARK,
  OPTION_CHOICES_MAX,
  OPTION_GROUPS_MAX,
  productCreateSchema,
  type ProductOptionGroup,
  productOptionsSchema,
  slugify,
} from '@cocoa/shared-types';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { z } from 'zod';
import { UserInputError } from '../common/domain-errors';
import { onFirstUse } from '../common/on-first-use';
import type { Category } from './category.entity';
import { checkWorkbookArchive } from './workbook-archive';
import type { Product } from './product.entity';

/** exceljs (a few hundred milliseconds to load), for the owner's catalogue spreadsheet. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
const excel = onFirstUse(() => require('exceljs') as typeof ExcelJS);

/** Rows a sheet may hold; a bigger catalogue is split into several files. */
export const IMPORT_MAX_ROWS = 5000;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ProductField = keyof z.input<typeof productCreateSchema> | 'category';

/** Products sheet columns, in export order: header → field. */
const PRODUCT_COLUMNS: ReadonlyArray<{ header: string; field: ProductField; width: number }> = [
  { header: 'Name', field: 'name', width: 30 },
  { header: 'Slug', field: 'slug', width: 26 },
  { header: 'Subtitle', field: 'subtitle', width: 26 },
  { header: 'Description', field: 'description', width: 50 },
  { header: 'Price', field: 'price', width: 10 },
  { header: 'Category', field: 'category', width: 18 },
  { header: 'In Stock', field: 'inStock', width: 10 },
  { header: 'Stock Count', field: 'stockCount', width: 12 },
  { header: 'Low Stock Threshold', field: 'lowStockThreshold', width: 20 },
  { header: 'Featured', field: 'featured', width: 10 },
  { header: 'Sold At Cart', field: 'soldAtCart', width: 12 },
  { header: 'Variation ID', field: 'variationId', width: 28 },
  { header: 'Image URL', field: 'imageUrl', width: 36 },
  { header: 'Hot Image URL', field: 'hotImageUrl', width: 36 },
  { header: 'Iced Image URL', field: 'icedImageUrl', width: 36 },
  { header: 'Shake Image URL', field: 'shakeImageUrl', width: 36 },
  { header: 'Featured Image URL', field: 'featuredImageUrl', width: 36 },
  { header: 'Background Image URL', field: 'backgroundImageUrl', width: 36 },
];

const CATEGORY_COLUMNS: ReadonlyArray<{ header: string; field: 'name' | 'slug' | 'description' | 'imageUrl'; width: number }> = [
  { header: 'Name', field: 'name', width: 24 },
  { header: 'Slug', field: 'slug', width: 24 },
  { header: 'Description', field: 'description', width: 50 },
  { header: 'Image URL', field: 'imageUrl', width: 36 },
];

type OptionField = 'product' | 'option' | 'min' | 'max' | 'choice' | 'price';

/** Options sheet columns, in export order: one row a choice, its group's Min and Max on each. */
const OPTION_COLUMNS: ReadonlyArray<{ header: string; field: OptionField; width: number }> = [
  { header: 'Product', field: 'product', width: 30 },
  { header: 'Option', field: 'option', width: 20 },
  { header: 'Min Choices', field: 'min', width: 12 },
  { header: 'Max Choices', field: 'max', width: 12 },
  { header: 'Choice', field: 'choice', width: 24 },
  { header: 'Price Change', field: 'price', width: 13 },
];

/** What a product row asks for: only the fields whose cells hold something; a cleared field is null. */
export type ProductChanges = Partial<Omit<z.output<typeof productCreateSchema>, 'slug' | 'categoryId'>> & {
  /** A category slug or name; null when the row clears the category. */
  categoryRef?: string | null;
};

export interface ImportedProductRow {
  rowNumber: number;
  /** The product the row is about: its Slug cell, else the slug of its Name. */
  slug: string;
  changes: ProductChanges;
}

export interface ImportedCategoryRow {
  rowNumber: number;
  slug: string;
  changes: { name?: string; description?: string | null; imageUrl?: string | null };
}

/** One product's options as the Options sheet gives them: they replace the product's options. */
export interface ImportedProductOptions {
  /** The product's first row on the Options sheet. */
  rowNumber: number;
  /** The slug of its Product cell (the slug itself, or a name whose slug it is). */
  slug: string;
  groups: ProductOptionGroup[];
}

export interface CatalogueSheet {
  products: ImportedProductRow[];
  categories: ImportedCategoryRow[];
  /**
   * Absent when the file has no Options sheet (a CSV, a workbook exported before options were in
   * it): every product keeps its options. Present, it gives the options of every product on the
   * Products sheet or on it (none listed: no options).
   */
  options?: ImportedProductOptions[];
}

/** The uploaded file as multer gives it. */
export interface CatalogueFile {
  buffer: Buffer;
  originalname?: string;
  mimetype?: string;
}

/** Export: a Products sheet (category by slug), a Categories sheet and an Options sheet (product by slug). */
export async function buildCatalogueWorkbook(products: Product[], categories: Category[]): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'Cocoa shop';
  workbook.created = new Date();
  const slugById = new Map(categories.map((c) => [c.id, c.slug]));

  const productSheet = addSheet(workbook, 'Products', PRODUCT_COLUMNS);
  for (const p of products) {
    productSheet.addRow({
      name: p.name,
      slug: p.slug,
      subtitle: p.subtitle,
      description: p.description,
      price: fromCents(p.priceCents),
      category: p.categoryId ? (slugById.get(p.categoryId) ?? null) : null,
      inStock: p.inStock,
      stockCount: p.stockCount,
      lowStockThreshold: p.lowStockThreshold,
      featured: p.featured,
      soldAtCart: p.soldAtCart,
      variationId: p.variationId,
      imageUrl: p.imageUrl,
      hotImageUrl: p.hotImageUrl,
      icedImageUrl: p.icedImageUrl,
      shakeImageUrl: p.shakeImageUrl,
      featuredImageUrl: p.featuredImageUrl,
      backgroundImageUrl: p.backgroundImageUrl,
    });
  }
  productSheet.getColumn('price').numFmt = '0.00';

  const categorySheet = addSheet(workbook, 'Categories', CATEGORY_COLUMNS);
  for (const c of categories) categorySheet.addRow({ name: c.name, slug: c.slug, description: c.description, imageUrl: c.imageUrl });

  const optionSheet = addSheet(workbook, 'Options', OPTION_COLUMNS);
  for (const p of products) {
    for (const group of p.options) {
      for (const choice of group.choices) {
        optionSheet.addRow({ product: p.slug, option: group.name, min: group.min, max: group.max, choice: choice.name, price: fromCents(choice.priceCents) });
      }
    }
  }
  optionSheet.getColumn('price').numFmt = '0.00';

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet with its header row (bold, frozen) and column widths. */
function addSheet(workbook: ExcelJS.Workbook, name: string, columns: ReadonlyArray<{ header: string; field: string; width: number }>): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/*
 * Import rules (Excel .xlsx from any program, or CSV with the Products sheet's headers):
 * - Headers in row 1, any case and order; unknown columns are ignored. Rows with nothing in a known
 *   column are skipped. Row numbers are the ones a spreadsheet shows (the header is row 1).
 * - A formula cell is read by the result the file saved with it. A formula with no saved result
 *   (scripts such as openpyxl write them) is refused, naming the row and the column; so is a cell
 *   showing an error (#DIV/0!, #REF!...). A formula whose saved result is empty text reads the same
 *   as one with none (exceljs keeps no difference), so it is refused too: type the value instead.
 * - Booleans (In Stock, Featured, Sold At Cart): TRUE/FALSE cells, TRUE()/FALSE() formulas
 *   (LibreOffice), 1/0, and the words true/false, yes/no, y/n in any case (plus the TRUE/FALSE words
 *   of German, French, Spanish, Italian, Dutch and Portuguese spreadsheets, whose CSV files write them).
 * - Prices and price changes: numbers, or text such as "12.50", "$12.50", "-$0.50", "+0.75",
 *   "1,299.00" or a decimal comma "12,50".
 * - Stock Count and Low Stock Threshold: whole numbers ("1,200" too). They set the count as typed, so
 *   an import of an older export puts back the counts of that day: leave the column out (or its
 *   cells blank) to keep the live counts. "(clear)" stops counting the product. A file without
 *   these columns (exported before stock existed) changes no stock.
 * - A blank cell leaves an existing product's field unchanged; a cell holding exactly IMPORT_CLEAR_MARK
 *   ("(clear)") empties an optional field. Name, Slug, Price, In Stock and Featured cannot be cleared.
 *   A new product (no product has its slug) needs a Name and a Price; the rest takes the defaults.
 *   Sold At Cart cannot be cleared either.
 *   The Categories sheet follows the same rule (Description and Image URL can be cleared; a new
 *   category needs a Name). A row is matched by its Slug cell, else by the slug of its Name.
 * - Options sheet (workbooks only), one row a choice: Product (the product's slug, or a name whose
 *   slug it is), Option (the group's name), Min Choices and Max Choices (the group's; blank on a
 *   group's other rows, else the same; 0 and 1 when no row gives them), Choice, Price Change
 *   (dollars, blank = 0). Groups and choices keep the sheet's order; a row's product must be on the
 *   Products sheet or in the shop. When the sheet is there it replaces the options of every product
 *   on either sheet (a product on the Products sheet with no Options row loses its options); when it
 *   is not (a CSV, an older export), options stay as they are. It has no clear mark.
 * - Everything is validated by the shared schemas before anything is written; the first bad row is
 *   named and nothing changes.
 * - Limits: the upload is at most 10 MB; a workbook is checked before it is unpacked
 *   (./workbook-archive: at most 50 MB unpacked, no part packed over 100 times, at most
 *   IMPORT_MAX_ROWS rows and 200,000 cells a sheet); a CSV holds at most IMPORT_MAX_ROWS rows.
 * - CSV: UTF-8 with or without a byte-order mark (else Windows-1252, as Excel's plain "CSV" writes, or
 *   UTF-16 with a mark); comma, semicolon or tab separated, guessed from the header line; quoted values
 *   may hold separators, quotes and line breaks. A CSV value starting with "=" is a formula with no
 *   saved value, except Excel's ="text" form, read as the text.
 */

type CellValue = string | number | boolean;
/** One cell as the importer sees it, whatever wrote the file. */
type Cell = CellValue | undefined | { noSavedValue: true } | { error: string };

interface Table {
  /** How messages name it: "The Products sheet", "The CSV file". */
  label: string;
  header: Cell[];
  rows: Array<{ rowNumber: number; cells: Cell[] }>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Import: reads and validates every row with the shared schemas; the first bad row names itself. */
export async function readCatalogueFile(file: CatalogueFile): Promise<CatalogueSheet> {
  const name = (file.originalname ?? '').toLowerCase();
  const extension = /\.[a-z0-9]+$/.exec(name)?.[0] ?? '';
  const head = file.buffer.subarray(0, 4);
  if (head.equals(ZIP_MAGIC)) {
    if (extension === '.ods' || file.buffer.subarray(0, 100).includes('opendocument.spreadsheet')) {
      throw new UserInputError(
        'LibreOffice .ods files cannot be imported: save the file as Excel 2007-365 (.xlsx) or Text CSV (.csv)',
        'IMPORT_UNSUPPORTED_FILE',
      );
    }
    if (extension === '.numbers')
      throw new UserInputError('Numbers files cannot be imported: export the file to Excel (.xlsx) or CSV (.csv)', 'IMPORT_UNSUPPORTED_FILE');
    // Sizes, packing ratio, rows and cells are checked before exceljs unpacks anything.
    checkWorkbookArchive(file.buffer, IMPORT_MAX_ROWS);
    return readWorkbook(file.buffer);
  }
  if (head.equals(OLE_MAGIC) || extension === '.xls') {
    throw new UserInputError('Excel 97-2003 files (.xls) cannot be imported: save the file as Excel Workbook (.xlsx) or CSV (.csv)', 'IMPORT_UNSUPPORTED_FILE');
  }
  if (['.csv', '.txt', '.tsv'].includes(extension) || (extension === '' && /^text\//.test(file.mimetype ?? ''))) {
    return { products: readProducts(csvTable(file.buffer)), categories: [] };
  }
  if (extension === '.xlsx') throw new UserInputError('The file is not a valid Excel workbook (.xlsx)', 'IMPORT_NOT_XLSX');
  throw new UserInputError('Choose an Excel workbook (.xlsx) or a CSV file (.csv)', 'IMPORT_UNSUPPORTED_FILE');
}

async function readWorkbook(file: Buffer): Promise<CatalogueSheet> {
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new UserInputError('The file is not a valid Excel workbook (.xlsx)', 'IMPORT_NOT_XLSX');
  }
  const productSheet = sheetNamed(workbook, 'products') ?? workbook.worksheets.find((w) => !['categories', 'options'].includes(w.name.trim().toLowerCase()));
  if (!productSheet) throw new UserInputError('The workbook has no Products sheet', 'IMPORT_NO_PRODUCTS');
  const categorySheet = sheetNamed(workbook, 'categories');
  const categories = categorySheet ? readCategories(sheetTable(categorySheet, 'The Categories sheet')) : [];
  const products = readProducts(sheetTable(productSheet, 'The Products sheet'));
  const optionSheet = sheetNamed(workbook, 'options');
  if (!optionSheet) return { products, categories };
  return { products, categories, options: readOptions(sheetTable(optionSheet, 'The Options sheet')) };
}

function sheetNamed(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  return workbook.worksheets.find((w) => w.name.trim().toLowerCase() === name);
}

function sheetTable(sheet: ExcelJS.Worksheet, label: string): Table {
  if (sheet.actualRowCount - 1 > IMPORT_MAX_ROWS) throw new UserInputError(`${label} has more than ${IMPORT_MAX_ROWS} rows`, 'IMPORT_TOO_MANY_ROWS');
  const table: Table = { label, header: [], rows: [] };
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col - 1] = workbookCell(cell);
    });
    if (rowNumber === 1) table.header = cells;
    else table.rows.push({ rowNumber, cells });
  });
  return table;
}

/** A formula gives the result saved with it (exceljs' `cell.value` drops a saved false or 0). */
function workbookCell(cell: ExcelJS.Cell): Cell {
  if (cell.type === excel().ValueType.Formula) {
    const result: unknown = cell.result;
    return result === undefined || result === null ? { noSavedValue: true } : plainCell(result);
  }
  return plainCell(cell.value);
}

/** A cell's plain value: rich text and links give their text, errors their code; '' is nothing. */
function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: unknown };
    if ('formula' in v || 'sharedFormula' in v) return v.result === undefined || v.result === null ? { noSavedValue: true } : plainCell(v.result);
    if ('error' in v) return { error: String(v.error) };
    if (Array.isArray(v.richText)) return plainCell(v.richText.map((r) => r.text).join(''));
    if ('text' in v) return plainCell(v.text);
  }
  return undefined;
}

function csvTable(file: Buffer): Table {
  const text = decodeText(file);
  if (text.includes('\u0000')) throw new UserInputError('The file is not a CSV text file', 'IMPORT_BAD_CSV');
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 200_000,
    });
  } catch (err) {
    throw csvError(err);
  }
  if (records.length - 1 > IMPORT_MAX_ROWS) throw new UserInputError(`The CSV file has more than ${IMPORT_MAX_ROWS} rows`, 'IMPORT_TOO_MANY_ROWS');
  const [header = [], ...rows] = records;
  return { label: 'The CSV file', header: header.map(csvCell), rows: rows.map((cells, i) => ({ rowNumber: i + 2, cells: cells.map(csvCell) })) };
}

/** UTF-8 (a BOM is dropped), UTF-16 with a BOM, else Windows-1252 (Excel's plain "CSV" on Windows). */
function decodeText(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return new TextDecoder('utf-16le').decode(file);
  if (file[0] === 0xfe && file[1] === 0xff) return new TextDecoder('utf-16be').decode(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

/** The separator the header line uses most: comma, semicolon (LibreOffice and Excel in many locales) or tab. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function csvCell(text: string): Cell {
  const value = text.trim();
  if (value === '') return undefined;
  const quoted = /^="(.*)"$/s.exec(value);
  if (quoted) return plainCell(quoted[1].replace(/""/g, '"'));
  if (/^=[\w$(+\-.]/.test(value)) return { noSavedValue: true };
  return value;
}

function csvError(err: unknown): UserInputError {
  const { code, lines } = err as { code?: unknown; lines?: unknown };
  if (typeof code !== 'string') throw err;
  const where = typeof lines === 'number' ? ` (line ${lines})` : '';
  const reason =
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted value is never closed'
      : code === 'CSV_MAX_RECORD_SIZE'
        ? 'a row is too long'
        : 'a quote (") is out of place: a value holding quotes must be quoted, with its quotes doubled';
  return new UserInputError(`The CSV file could not be read${where}: ${reason}`, 'IMPORT_BAD_CSV');
}

const PRODUCT_REQUIRED = new Set<ProductField>(['name', 'slug', 'price', 'inStock', 'featured', 'soldAtCart']);
const BOOLEAN_FIELDS = new Set<string>(['inStock', 'featured', 'soldAtCart']);
const productChangesSchema = productCreateSchema.partial();
const categoryChangesSchema = categoryCreateSchema.partial();

function readProducts(table: Table): ImportedProductRow[] {
  const columns = headerColumns(table, PRODUCT_COLUMNS);
  if (!columns.has('name')) throw new UserInputError(`${table.label} needs a Name column`, 'IMPORT_NO_NAME_COLUMN');
  if (!columns.has('price')) throw new UserInputError(`${table.label} needs a Price column`, 'IMPORT_NO_PRICE_COLUMN');
  const rows: ImportedProductRow[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, cells } of table.rows) {
    const raw = rowValues(cells, columns, rowNumber, PRODUCT_COLUMNS, PRODUCT_REQUIRED, 'Row');
    if (!raw) continue;
    const { category, ...input } = raw;
    const prepared: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(input)) {
      prepared[field] =
        value === null
          ? null
          : field === 'price'
            ? toNumber(value)
            : BOOLEAN_FIELDS.has(field)
              ? toBoolean(value)
              : COUNT_FIELDS.has(field)
                ? toCount(value)
                : toText(value);
    }
    const parsed = productChangesSchema.safeParse(prepared);
    if (!parsed.success) throw rowError('Row', rowNumber, parsed.error.issues[0], PRODUCT_COLUMNS);
    const { slug: slugCell, categoryId: _categoryId, ...values } = pick(parsed.data, Object.keys(prepared));
    const slug = rowSlug(slugCell, values.name, 'Row', rowNumber);
    const earlier = seen.get(slug);
    if (earlier !== undefined) throw new UserInputError(`Row ${rowNumber}: Slug "${slug}" is also on row ${earlier}`, 'IMPORT_DUPLICATE_SLUG');
    seen.set(slug, rowNumber);
    const changes: ProductChanges = values;
    if (category !== undefined) {
      const categoryRef = category === null ? null : toText(category);
      if (categoryRef && categoryRef.length > 80) throw new UserInputError(`Row ${rowNumber}: Category must be at most 80 characters`, 'IMPORT_INVALID_ROW');
      changes.categoryRef = categoryRef;
    }
    rows.push({ rowNumber, slug, changes });
  }
  if (rows.length === 0) throw new UserInputError(`${table.label} has no rows to import`, 'IMPORT_EMPTY');
  return rows;
}

function readCategories(table: Table): ImportedCategoryRow[] {
  const columns = headerColumns(table, CATEGORY_COLUMNS);
  if (!columns.has('name')) throw new UserInputError(`${table.label} needs a Name column`, 'IMPORT_NO_NAME_COLUMN');
  const rows: ImportedCategoryRow[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, cells } of table.rows) {
    const raw = rowValues(cells, columns, rowNumber, CATEGORY_COLUMNS, new Set(['name', 'slug']), 'Categories row');
    if (!raw) continue;
    const prepared = Object.fromEntries(Object.entries(raw).map(([field, value]) => [field, value === null ? null : toText(value)]));
    const parsed = categoryChangesSchema.safeParse(prepared);
    if (!parsed.success) throw rowError('Categories row', rowNumber, parsed.error.issues[0], CATEGORY_COLUMNS);
    const { slug: slugCell, ...changes } = pick(parsed.data, Object.keys(prepared));
    const slug = rowSlug(slugCell, changes.name, 'Categories row', rowNumber);
    const earlier = seen.get(slug);
    if (earlier !== undefined) throw new UserInputError(`Categories row ${rowNumber}: Slug "${slug}" is also on row ${earlier}`, 'IMPORT_DUPLICATE_SLUG');
    seen.set(slug, rowNumber);
    rows.push({ rowNumber, slug, changes });
  }
  return rows;
}

/** A group as the Options sheet builds it, with the rows its values come from (for the messages). */
interface SheetOptionGroup {
  rowNumber: number;
  name: string;
  min?: { value: unknown; rowNumber: number };
  max?: { value: unknown; rowNumber: number };
  choices: Array<{ rowNumber: number; name: string | undefined; price: unknown }>;
  /** Slug of a choice's name → its row. */
  choiceRows: Map<string, number>;
}

interface SheetProductOptions {
  rowNumber: number;
  slug: string;
  /** By the slug of the group's name, in the order of the sheet. */
  groups: Map<string, SheetOptionGroup>;
}

const OPTION_FIELDS = new Set<string>(OPTION_COLUMNS.map((c) => c.field));
const OPTION_REQUIRED_COLUMNS: readonly OptionField[] = ['product', 'option', 'choice'];

/** The Options sheet, one row a choice, grouped by product and group and validated by productOptionsSchema. */
function readOptions(table: Table): ImportedProductOptions[] {
  const columns = headerColumns(table, OPTION_COLUMNS);
  const missing = OPTION_COLUMNS.find((c) => OPTION_REQUIRED_COLUMNS.includes(c.field) && !columns.has(c.field));
  if (missing)
    throw new UserInputError(`${table.label} needs a ${missing.header} column (delete the sheet to leave options as they are)`, 'IMPORT_NO_OPTION_COLUMN');
  const products = new Map<string, SheetProductOptions>();
  for (const { rowNumber, cells } of table.rows) {
    // Every column refuses the clear mark, so no value is null.
    const raw = rowValues(cells, columns, rowNumber, OPTION_COLUMNS, OPTION_FIELDS, 'Options row') as Partial<Record<OptionField, CellValue>> | undefined;
    if (!raw) continue;
    const where = `Options row ${rowNumber}`;
    if (raw.product === undefined) throw new UserInputError(`${where}: Product is required`, 'IMPORT_INVALID_ROW');
    if (raw.option === undefined) throw new UserInputError(`${where}: Option name is required`, 'IMPORT_INVALID_ROW');
    const slug = slugify(toText(raw.product));
    if (!slug) throw new UserInputError(`${where}: Product "${toText(raw.product)}" is not a product's slug or name`, 'IMPORT_INVALID_ROW');
    const product: SheetProductOptions = products.get(slug) ?? { rowNumber, slug, groups: new Map() };
    products.set(slug, product);
    const name = toText(raw.option);
    const group: SheetOptionGroup = product.groups.get(slugify(name)) ?? { rowNumber, name, choices: [], choiceRows: new Map() };
    product.groups.set(slugify(name), group);
    groupSetting(group, 'min', raw.min, rowNumber, 'Min Choices');
    groupSetting(group, 'max', raw.max, rowNumber, 'Max Choices');
    const choice = raw.choice === undefined ? undefined : toText(raw.choice);
    const choiceKey = choice === undefined ? '' : slugify(choice);
    const earlier = group.choiceRows.get(choiceKey);
    if (earlier !== undefined) throw new UserInputError(`${where}: Choice "${choice}" of ${group.name} is also on row ${earlier}`, 'IMPORT_DUPLICATE_CHOICE');
    // A choice with no letter or digit is the schema's to refuse.
    if (choiceKey) group.choiceRows.set(choiceKey, rowNumber);
    group.choices.push({ rowNumber, name: choice, price: raw.price === undefined ? 0 : toNumber(raw.price) });
  }
  return [...products.values()].map((product) => {
    const groups = [...product.groups.values()];
    const parsed = productOptionsSchema.safeParse(
      groups.map((g) => ({ name: g.name, min: g.min?.value ?? 0, max: g.max?.value ?? 1, choices: g.choices.map(({ name, price }) => ({ name, price })) })),
    );
    if (!parsed.success) throw rowError('Options row', optionIssueRow(product.rowNumber, groups, parsed.error.issues[0].path), parsed.error.issues[0], []);
    return { rowNumber: product.rowNumber, slug: product.slug, groups: parsed.data };
  });
}

/** A group's Min or Max Choices: given on one of its rows, or the same on several. */
function groupSetting(group: SheetOptionGroup, key: 'min' | 'max', cell: CellValue | undefined, rowNumber: number, header: string): void {
  if (cell === undefined) return;
  const value = toCount(cell);
  const earlier = group[key];
  if (!earlier) group[key] = { value, rowNumber };
  else if (earlier.value !== value)
    throw new UserInputError(
      `Options row ${rowNumber}: ${header} of ${group.name} is not as on row ${earlier.rowNumber}: give it once, or the same on each row`,
      'IMPORT_INVALID_ROW',
    );
}

/** The row a schema issue in a product's options is about: the choice's, the setting's or the group's, else the product's first. */
function optionIssueRow(productRow: number, groups: readonly SheetOptionGroup[], path: readonly PropertyKey[]): number {
  const [index, field, choice] = path;
  // The list's own issue is "too many options": the first group over.
  if (typeof index !== 'number') return groups[OPTION_GROUPS_MAX]?.rowNumber ?? productRow;
  const group = groups[index];
  if (field === 'min' || field === 'max') return group[field]?.rowNumber ?? group.rowNumber;
  if (field !== 'choices') return group.rowNumber;
  return group.choices[typeof choice === 'number' ? choice : OPTION_CHOICES_MAX]?.rowNumber ?? group.rowNumber;
}

/**
 * The row's known cells by field: a blank cell is absent, a clear mark is null. Undefined when every
 * known cell is blank. Formulas without a saved value, error cells and clearing a required field are
 * refused here, naming the row and the column.
 */
function rowValues<F extends string>(
  cells: Cell[],
  columns: Map<F, number>,
  rowNumber: number,
  known: ReadonlyArray<{ header: string; field: F }>,
  notClearable: ReadonlySet<string>,
  prefix: string,
): Record<string, CellValue | null> | undefined {
  const values: Record<string, CellValue | null> = {};
  for (const [field, col] of columns) {
    const cell = cells[col];
    if (cell === undefined) continue;
    const header = known.find((c) => c.field === field)!.header;
    const where = `${prefix} ${rowNumber}: ${header} (column ${columnLetter(col)})`;
    if (typeof cell === 'object') {
      if ('error' in cell) throw new UserInputError(`${where} shows the error ${cell.error}: fix the formula or type the value`, 'IMPORT_CELL_ERROR');
      throw new UserInputError(
        `${where} has a formula with no saved value: open and save the file in a spreadsheet program, or type the value`,
        'IMPORT_FORMULA_NO_VALUE',
      );
    }
    if (typeof cell === 'string' && cell.toLowerCase() === IMPORT_CLEAR_MARK) {
      if (notClearable.has(field)) throw new UserInputError(`${prefix} ${rowNumber}: ${header} cannot be cleared`, 'IMPORT_CANNOT_CLEAR');
      values[field] = null;
      continue;
    }
    values[field] = cell;
  }
  return Object.keys(values).length === 0 ? undefined : values;
}

/** The Slug cell, else the slug of the name: the key a row is matched by. */
function rowSlug(slugCell: string | null | undefined, name: string | undefined, prefix: string, rowNumber: number): string {
  if (slugCell) return slugCell;
  if (name === undefined) throw new UserInputError(`${prefix} ${rowNumber}: Name is required`, 'IMPORT_INVALID_ROW');
  const slug = slugify(name);
  if (!slug) throw new UserInputError(`${prefix} ${rowNumber}: Slug is required when the name has no letters or digits`, 'IMPORT_INVALID_ROW');
  return slug;
}

/** Header row: known headers (any case, any order) → column index; unknown headers are ignored. */
function headerColumns<F extends string>(table: Table, known: ReadonlyArray<{ header: string; field: F }>): Map<F, number> {
  const byHeader = new Map(known.map((c) => [normalizeHeader(c.header), c]));
  const columns = new Map<F, number>();
  table.header.forEach((cell, col) => {
    if (typeof cell !== 'string' && typeof cell !== 'number') return;
    const column = byHeader.get(normalizeHeader(String(cell)));
    if (!column) return;
    if (columns.has(column.field)) throw new UserInputError(`${table.label} has the ${column.header} column twice`, 'IMPORT_DUPLICATE_COLUMN');
    columns.set(column.field, col);
  });
  return columns;
}

function normalizeHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Text columns take what a spreadsheet made of typed text: 42 → "42", TRUE → "TRUE". */
function toText(value: CellValue): string {
  return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
}

/** "12.50", "$12.50", "-$0.50", "+0.75", "1,299.00" (thousands) and "12,50" (decimal comma) are numbers. */
function toNumber(value: CellValue): unknown {
  if (typeof value !== 'string') return value;
  const v = value.replace(/^([+-]?)\s*\$\s*/, '$1').replace(/^\+(?=\d)/, '');
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v)) return Number(v.replace(/,/g, ''));
  if (/^-?\d+,\d{1,2}$/.test(v)) return Number(v.replace(',', '.'));
  return value;
}

const COUNT_FIELDS = new Set<string>(['stockCount', 'lowStockThreshold']);

/** Counts: numbers, or text such as "40" or "1,200" (thousands); anything else goes to the schema as typed. */
function toCount(value: CellValue): unknown {
  if (typeof value !== 'string') return value;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (/^\d{1,3}(,\d{3})+$/.test(value)) return Number(value.replace(/,/g, ''));
  return value;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'wahr', 'vrai', 'verdadero', 'vero', 'waar', 'verdadeiro']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'falsch', 'faux', 'falso', 'onwaar']);

function toBoolean(value: CellValue): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const v = value.toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return value;
}

/** Only the keys the row had: the partial schema may add defaults for the others. */
function pick<T extends object>(record: T, keys: string[]): T {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as T;
}

function rowError(prefix: string, rowNumber: number, issue: z.core.$ZodIssue, columns: ReadonlyArray<{ header: string; field: string }>): UserInputError {
  const header = columns.find((c) => c.field === issue.path[0])?.header;
  const generic = /^Invalid input|^Expected|^Invalid option|^Must be at most/.test(issue.message);
  const message = generic && header ? `${header}: ${issue.message}` : issue.message;
  return new UserInputError(`${prefix} ${rowNumber}: ${message}`, 'IMPORT_INVALID_ROW');
}
