import { isDeepStrictEqual } from 'node:util';
import type { CatalogSyncResult, ImportResult, ProductOptionGroup } from '@cocoa/shared-types';
import { SLUG_PATTERN, toCents } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { UserInputError } from '../common/domain-errors';
import { Category } from './category.entity';
import { buildCatalogueWorkbook, type CatalogueSheet, readCatalogueFile } from './catalogue-excel';
import { Product } from './product.entity';
import { firstFreeSlug, slugBase } from './unique-slug';

/** One Square item variation as the sync applies it. */
export interface SquareCatalogueItem {
  variationId: string;
  name: string;
  description: string | null;
  /** Null for a variable-price variation: it is skipped. */
  priceCents: number | null;
  categoryName: string | null;
}

const PRODUCT_NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;
const CATEGORY_NAME_MAX = 80;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** "seasonal-gifts-and-tins" → "Seasonal Gifts and Tins": title case, small words lower-case after the first. */
function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Lookup of categories by slug and by lower-case name, creating missing ones by name. */
class CategoryIndex {
  private readonly bySlug = new Map<string, Category>();
  private readonly byName = new Map<string, Category>();
  readonly created: string[] = [];

  constructor(
    private readonly manager: EntityManager,
    rows: Category[],
  ) {
    for (const row of rows) this.remember(row);
  }

  find(ref: string): Category | undefined {
    return this.bySlug.get(ref.toLowerCase()) ?? this.byName.get(ref.trim().toLowerCase());
  }

  bySlugOnly(slug: string): Category | undefined {
    return this.bySlug.get(slug);
  }

  async findOrCreate(name: string): Promise<Category> {
    const found = this.find(name);
    if (found) return found;
    const clean = name.trim().slice(0, CATEGORY_NAME_MAX);
    return this.create({ name: clean, slug: firstFreeSlug(slugBase(clean, 'category'), new Set(this.bySlug.keys())), description: null, imageUrl: null });
  }

  /**
   * A product row's Category cell: an existing category by slug or name, else a new one. A cell in
   * slug form ("seasonal-specials") names the new category readably ("Seasonal Specials"), keeping
   * the slug; any other text is the name as typed. (A Categories sheet row for that slug is read
   * first, so its Name wins.)
   */
  async findOrCreateFromCell(ref: string): Promise<Category> {
    const found = this.find(ref);
    if (found) return found;
    const slug = ref.trim();
    if (!SLUG_PATTERN.test(slug)) return this.findOrCreate(ref);
    return this.create({
      name: nameFromSlug(slug).slice(0, CATEGORY_NAME_MAX),
      slug: firstFreeSlug(slug, new Set(this.bySlug.keys())),
      description: null,
      imageUrl: null,
    });
  }

  async create(fields: Pick<Category, 'name' | 'slug' | 'description' | 'imageUrl'>): Promise<Category> {
    const row = await this.manager.getRepository(Category).save(this.manager.getRepository(Category).create(fields));
    this.remember(row);
    this.created.push(row.name);
    return row;
  }

  remember(row: Category): void {
    this.bySlug.set(row.slug, row);
    if (!this.byName.has(row.name.toLowerCase())) this.byName.set(row.name.toLowerCase(), row);
  }
}

/**
 * Bulk writes into the catalogue, each in ONE transaction (all or nothing): the Square catalogue
 * sync and the Excel import. Other modules reach the catalogue tables only through this service.
 */
@Injectable()
export class CatalogueUpsertService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Matched by variation id: changed name, description or price are updated, new ones created. */
  async applySquareCatalogue(items: readonly SquareCatalogueItem[]): Promise<CatalogSyncResult> {
    return this.dataSource.transaction(async (manager) => {
      const products = manager.getRepository(Product);
      const categories = new CategoryIndex(manager, await manager.getRepository(Category).find({ order: { id: 'ASC' } }));
      const existing = await products.find();
      const byVariation = new Map(existing.filter((p) => p.variationId).map((p) => [p.variationId!, p]));
      const slugs = new Set(existing.map((p) => p.slug));
      const result = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
      for (const item of items) {
        if (item.priceCents === null || !Number.isSafeInteger(item.priceCents) || item.priceCents < 0) {
          result.skipped += 1;
          continue;
        }
        const name = item.name.trim().slice(0, PRODUCT_NAME_MAX);
        const description = item.description?.trim().slice(0, DESCRIPTION_MAX) || null;
        const found = byVariation.get(item.variationId);
        if (found) {
          const changes: Partial<Product> = {};
          if (found.name !== name) changes.name = name;
          if ((found.description ?? null) !== description) changes.description = description;
          if (found.priceCents !== item.priceCents) changes.priceCents = item.priceCents;
          if (Object.keys(changes).length === 0) {
            result.unchanged += 1;
          } else {
            await products.update({ id: found.id }, changes);
            Object.assign(found, changes);
            result.updated += 1;
          }
          continue;
        }
        const category = item.categoryName ? await categories.findOrCreate(item.categoryName) : null;
        const slug = firstFreeSlug(slugBase(name, 'product'), slugs);
        slugs.add(slug);
        const row = await products.save(
          products.create({
            name,
            slug,
            description,
            priceCents: item.priceCents,
            variationId: item.variationId,
            categoryId: category?.id ?? null,
            inStock: true,
            featured: false,
          }),
        );
        byVariation.set(item.variationId, row);
        result.created += 1;
      }
      return { ...result, categories: categories.created };
    });
  }

  /** GET /api/products/export: every product and category as an .xlsx workbook. */
  async exportWorkbook(): Promise<Buffer> {
    const products = await this.dataSource.getRepository(Product).find({ order: { id: 'ASC' } });
    const categories = await this.dataSource.getRepository(Category).find({ order: { id: 'ASC' } });
    return buildCatalogueWorkbook(products, categories);
  }

  /** POST /api/products/import: the whole file is validated before anything is written. */
  async importWorkbook(file: Express.Multer.File | undefined): Promise<ImportResult> {
    if (!file || file.size === 0) throw new UserInputError('Choose an Excel (.xlsx) or CSV (.csv) file to import', 'IMPORT_FILE_REQUIRED');
    return this.importCatalogue(await readCatalogueFile(file));
  }

  /**
   * The validated sheets: categories upserted by slug, products upserted by slug, a product's category
   * found by slug or name and created when missing. A row changes only the fields it has a value for
   * (blank cells leave the rest; cleared ones are null); a new product needs a name and a price. An
   * Options sheet then gives the options of every product on it or on the Products sheet (none
   * listed: none); without one, options stay as they are. Any error rolls everything back.
   */
  async importCatalogue(sheet: CatalogueSheet): Promise<ImportResult> {
    return this.dataSource.transaction(async (manager) => {
      const categoryRepo = manager.getRepository(Category);
      const products = manager.getRepository(Product);
      const categories = new CategoryIndex(manager, await categoryRepo.find({ order: { id: 'ASC' } }));

      for (const row of sheet.categories) {
        const found = categories.bySlugOnly(row.slug);
        const { name, description, imageUrl } = row.changes;
        if (!found) {
          if (name === undefined)
            throw new UserInputError(
              `Categories row ${row.rowNumber}: Name is required for a new category (no category has the slug "${row.slug}")`,
              'IMPORT_INVALID_ROW',
            );
          await categories.create({ name, slug: row.slug, description: description ?? null, imageUrl: imageUrl ?? null });
          continue;
        }
        if (Object.keys(row.changes).length === 0) continue;
        await categoryRepo.update({ id: found.id }, row.changes);
        categories.remember(Object.assign(found, row.changes));
      }

      const existing = await products.find();
      const bySlug = new Map(existing.map((p) => [p.slug, p]));
      const variationOwner = new Map(existing.filter((p) => p.variationId).map((p) => [p.variationId!, p.slug]));
      for (const row of sheet.products) {
        const { variationId } = row.changes;
        if (variationId) {
          const owner = variationOwner.get(variationId);
          if (owner !== undefined && owner !== row.slug) {
            throw new UserInputError(`Row ${row.rowNumber}: Another product already uses the variation id "${variationId}"`, 'IMPORT_INVALID_ROW');
          }
        }
        // The old owner gives the id up when the sheet moves it to another product or clears it.
        const current = bySlug.get(row.slug);
        if (current?.variationId && variationId !== undefined && current.variationId !== variationId) variationOwner.delete(current.variationId);
        if (variationId) variationOwner.set(variationId, row.slug);
      }

      for (const row of sheet.products) {
        const { price, categoryRef, ...fields } = row.changes;
        const found = bySlug.get(row.slug);
        if (!found) {
          const missing = fields.name === undefined ? 'Name' : price === undefined ? 'Price' : null;
          if (missing)
            throw new UserInputError(
              `Row ${row.rowNumber}: ${missing} is required for a new product (no product has the slug "${row.slug}")`,
              'IMPORT_INVALID_ROW',
            );
        }
        const values: Partial<Product> = { ...fields };
        if (price !== undefined) values.priceCents = toCents(price);
        if (categoryRef !== undefined) values.categoryId = categoryRef ? (await categories.findOrCreateFromCell(categoryRef)).id : null;
        if (found) {
          if (Object.keys(values).length > 0) await products.update({ id: found.id }, values);
        } else {
          const created = await products.save(products.create({ inStock: true, featured: false, ...values, slug: row.slug }));
          bySlug.set(row.slug, created);
        }
      }

      if (sheet.options) {
        const replaced = new Map<string, ProductOptionGroup[]>(sheet.products.map((row) => [row.slug, []]));
        for (const entry of sheet.options) {
          if (!bySlug.has(entry.slug)) {
            throw new UserInputError(
              `Options row ${entry.rowNumber}: No product has the slug "${entry.slug}" (on the Products sheet or in the shop)`,
              'IMPORT_UNKNOWN_PRODUCT',
            );
          }
          replaced.set(entry.slug, entry.groups);
        }
        for (const [slug, options] of replaced) {
          const product = bySlug.get(slug)!;
          if (!isDeepStrictEqual(product.options, options)) await products.update({ id: product.id }, { options });
        }
      }
      return { imported: sheet.products.length, categories: categories.created };
    });
  }
}
