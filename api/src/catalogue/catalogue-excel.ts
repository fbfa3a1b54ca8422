import { categoryCreateSchema, fromCents, productCreateSchema, slugify } from '@cocoa/shared-types';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { UserInputError } from '../common/domain-errors';
import type { Category } from './category.entity';
import type { Product } from './product.entity';

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
  { header: 'Featured', field: 'featured', width: 10 },
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

export interface ImportedProductRow {
  rowNumber: number;
  slug: string;
  /** The columns the sheet has: an update only changes these. */
  has: Set<string>;
  fields: Omit<z.output<typeof productCreateSchema>, 'slug' | 'categoryId'> & { categoryRef: string | null };
}

export interface ImportedCategoryRow {
  rowNumber: number;
  name: string;
  slug: string;
  description?: string | null;
  imageUrl?: string | null;
}

export interface CatalogueSheet {
  products: ImportedProductRow[];
  categories: ImportedCategoryRow[];
}

/** Export: a Products sheet (category by slug) and a Categories sheet. */
export async function buildCatalogueWorkbook(products: Product[], categories: Category[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cocoa shop';
  workbook.created = new Date();
  const slugById = new Map(categories.map((c) => [c.id, c.slug]));

  const productSheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  productSheet.columns = PRODUCT_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  for (const p of products) {
    productSheet.addRow({
      name: p.name,
      slug: p.slug,
      subtitle: p.subtitle,
      description: p.description,
      price: fromCents(p.priceCents),
      category: p.categoryId ? slugById.get(p.categoryId) ?? null : null,
      inStock: p.inStock,
      featured: p.featured,
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
  productSheet.getRow(1).font = { bold: true };

  const categorySheet = workbook.addWorksheet('Categories', { views: [{ state: 'frozen', ySplit: 1 }] });
  categorySheet.columns = CATEGORY_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  for (const c of categories) categorySheet.addRow({ name: c.name, slug: c.slug, description: c.description, imageUrl: c.imageUrl });
  categorySheet.getRow(1).font = { bold: true };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Import: reads and validates every row with the shared schemas; the first bad row names itself. */
export async function readCatalogueWorkbook(file: Buffer): Promise<CatalogueSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new UserInputError('The file is not a valid Excel workbook (.xlsx)', 'IMPORT_NOT_XLSX');
  }
  const productSheet = sheetNamed(workbook, 'products') ?? workbook.worksheets.find((w) => w.name.toLowerCase() !== 'categories');
  if (!productSheet) throw new UserInputError('The workbook has no Products sheet', 'IMPORT_NO_PRODUCTS');
  const categorySheet = sheetNamed(workbook, 'categories');

  const categories = categorySheet ? readCategories(categorySheet) : [];
  const products = readProducts(productSheet);
  if (products.length === 0) throw new UserInputError('The Products sheet has no rows to import', 'IMPORT_EMPTY');
  return { products, categories };
}

function sheetNamed(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  return workbook.worksheets.find((w) => w.name.trim().toLowerCase() === name);
}

function readProducts(sheet: ExcelJS.Worksheet): ImportedProductRow[] {
  const columns = headerColumns(sheet, PRODUCT_COLUMNS, 'Products');
  if (!columns.has('name')) throw new UserInputError('The Products sheet needs a Name column', 'IMPORT_NO_NAME_COLUMN');
  if (!columns.has('price')) throw new UserInputError('The Products sheet needs a Price column', 'IMPORT_NO_PRICE_COLUMN');
  const rows: ImportedProductRow[] = [];
  const seen = new Map<string, number>();
  forEachDataRow(sheet, 'Products', (row, rowNumber) => {
    const raw: Record<string, unknown> = {};
    for (const [field, col] of columns) raw[field] = cellValue(row.getCell(col));
    const { category, ...input } = raw;
    const prepared = {
      ...input,
      price: toNumber(input.price),
      inStock: toBoolean(input.inStock),
      featured: toBoolean(input.featured),
      variationId: input.variationId === undefined ? undefined : String(input.variationId),
    };
    const parsed = productCreateSchema.safeParse(dropUndefined(prepared));
    if (!parsed.success) throw rowError('Row', rowNumber, parsed.error.issues[0], PRODUCT_COLUMNS);
    const { slug: explicitSlug, categoryId: _categoryId, ...fields } = parsed.data;
    const slug = explicitSlug ?? slugify(fields.name);
    if (!slug) throw new UserInputError(`Row ${rowNumber}: Slug is required when the name has no letters or digits`, 'IMPORT_INVALID_ROW');
    const earlier = seen.get(slug);
    if (earlier !== undefined) throw new UserInputError(`Row ${rowNumber}: Slug "${slug}" is also on row ${earlier}`, 'IMPORT_DUPLICATE_SLUG');
    seen.set(slug, rowNumber);
    const categoryRef = category === undefined || category === null ? null : String(category).trim() || null;
    if (categoryRef && categoryRef.length > 80) throw new UserInputError(`Row ${rowNumber}: Category must be at most 80 characters`, 'IMPORT_INVALID_ROW');
    rows.push({ rowNumber, slug, has: new Set(columns.keys()), fields: { ...fields, categoryRef } });
  });
  return rows;
}

function readCategories(sheet: ExcelJS.Worksheet): ImportedCategoryRow[] {
  const columns = headerColumns(sheet, CATEGORY_COLUMNS, 'Categories');
  if (!columns.has('name')) throw new UserInputError('The Categories sheet needs a Name column', 'IMPORT_NO_NAME_COLUMN');
  const rows: ImportedCategoryRow[] = [];
  const seen = new Map<string, number>();
  forEachDataRow(sheet, 'Categories', (row, rowNumber) => {
    const raw: Record<string, unknown> = {};
    for (const [field, col] of columns) raw[field] = cellValue(row.getCell(col));
    const parsed = categoryCreateSchema.safeParse(dropUndefined(raw));
    if (!parsed.success) throw rowError('Categories row', rowNumber, parsed.error.issues[0], CATEGORY_COLUMNS);
    const slug = parsed.data.slug ?? slugify(parsed.data.name);
    if (!slug) throw new UserInputError(`Categories row ${rowNumber}: Slug is required when the name has no letters or digits`, 'IMPORT_INVALID_ROW');
    const earlier = seen.get(slug);
    if (earlier !== undefined) throw new UserInputError(`Categories row ${rowNumber}: Slug "${slug}" is also on row ${earlier}`, 'IMPORT_DUPLICATE_SLUG');
    seen.set(slug, rowNumber);
    rows.push({
      rowNumber,
      name: parsed.data.name,
      slug,
      ...(columns.has('description') ? { description: parsed.data.description } : {}),
      ...(columns.has('imageUrl') ? { imageUrl: parsed.data.imageUrl } : {}),
    });
  });
  return rows;
}

/** Header row 1: known headers (any case, any order) → column number; unknown headers are ignored. */
function headerColumns<F extends string>(sheet: ExcelJS.Worksheet, known: ReadonlyArray<{ header: string; field: F }>, sheetName: string): Map<F, number> {
  const byHeader = new Map(known.map((c) => [normalizeHeader(c.header), c.field]));
  const columns = new Map<F, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const field = byHeader.get(normalizeHeader(String(cellValue(cell) ?? '')));
    if (!field) return;
    if (columns.has(field)) throw new UserInputError(`The ${sheetName} sheet has the ${cell.text} column twice`, 'IMPORT_DUPLICATE_COLUMN');
    columns.set(field, col);
  });
  return columns;
}

function forEachDataRow(sheet: ExcelJS.Worksheet, sheetName: string, visit: (row: ExcelJS.Row, rowNumber: number) => void): void {
  if (sheet.actualRowCount - 1 > IMPORT_MAX_ROWS) throw new UserInputError(`The ${sheetName} sheet has more than ${IMPORT_MAX_ROWS} rows`, 'IMPORT_TOO_MANY_ROWS');
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    if (values.every((v) => cellValueOf(v) === undefined)) return;
    visit(row, rowNumber);
  });
}

function normalizeHeader(text: string): string {
  return text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

function cellValue(cell: ExcelJS.Cell): unknown {
  return cellValueOf(cell.value);
}

/** A cell's plain value: formulas give their result, rich text and links their text; '' is nothing. */
function cellValueOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: unknown };
    if ('result' in v || 'formula' in v || 'sharedFormula' in v) return cellValueOf(v.result);
    if (Array.isArray(v.richText)) return cellValueOf(v.richText.map((r) => r.text).join(''));
    if ('text' in v) return cellValueOf(v.text);
    if ('error' in v) return String(v.error);
    return undefined;
  }
  return value;
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^\$?\s*-?\d+(\.\d+)?$/.test(value)) return Number(value.replace(/^\$\s*/, ''));
  return value;
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const v = value.toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(v)) return true;
  if (['false', 'no', 'n', '0'].includes(v)) return false;
  return value;
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

function rowError(prefix: string, rowNumber: number, issue: z.core.$ZodIssue, columns: ReadonlyArray<{ header: string; field: string }>): UserInputError {
  const header = columns.find((c) => c.field === issue.path[0])?.header;
  const generic = /^Invalid input|^Expected|^Invalid option|^Must be at most/.test(issue.message);
  const message = generic && header ? `${header}: ${issue.message}` : issue.message;
  return new UserInputError(`${prefix} ${rowNumber}: ${message}`, 'IMPORT_INVALID_ROW');
}
