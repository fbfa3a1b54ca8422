import {
  type AdminProduct,
  FEATURED_LIMIT,
  fromCents,
  isInStock,
  onlyLeft,
  type PickupMenuItem,
  PRODUCT_LIST_MAX,
  type Product as ProductResponse,
  type productCreateSchema,
  type productListQuerySchema,
  type productUpdateSchema,
  sortProducts,
  toCents,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { ImagesService } from '../images/images.service';
import { CategoriesService } from './categories.service';
import { Product } from './product.entity';
import { freeSlugIn, violatedConstraint } from './unique-slug';

type ProductCreate = z.output<typeof productCreateSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;
type ProductListQuery = z.output<typeof productListQuerySchema>;

const GENERATED_SLUG_ATTEMPTS = 5;

/** The storefront's product: in stock as the shop shows it, no count (only "Only N left" while low). */
function toPublicProduct(product: Product): ProductResponse {
  return { ...productFields(product), inStock: isInStock(product), onlyLeft: onlyLeft(product) };
}

/** The admin's product: the owner's In stock switch as saved, the stock count and threshold. */
function toAdminProduct(product: Product): AdminProduct {
  return {
    ...productFields(product),
    inStock: product.inStock,
    onlyLeft: onlyLeft(product),
    stockCount: product.stockCount,
    lowStockThreshold: product.lowStockThreshold,
    soldAtCart: product.soldAtCart,
    options: product.options,
  };
}

function productFields(product: Product): Omit<ProductResponse, 'inStock' | 'onlyLeft'> {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    subtitle: product.subtitle,
    description: product.description,
    price: fromCents(product.priceCents),
    imageUrl: product.imageUrl,
    hotImageUrl: product.hotImageUrl,
    icedImageUrl: product.icedImageUrl,
    shakeImageUrl: product.shakeImageUrl,
    featuredImageUrl: product.featuredImageUrl,
    backgroundImageUrl: product.backgroundImageUrl,
    categoryId: product.categoryId,
    featured: product.featured,
    variationId: product.variationId,
  };
}

/** Every image field of a product (the gallery's and the background). */
const imageUrlsOf = (p: ProductResponse) => [p.imageUrl, p.hotImageUrl, p.icedImageUrl, p.shakeImageUrl, p.featuredImageUrl, p.backgroundImageUrl];

@Injectable()
export class ProductsService {
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    private readonly categories: CategoriesService,
    private readonly images: ImagesService,
  ) {}

  /** Adds `imageRefs` (responsive-image references of uploaded images, see ImagesService.refsFor) where there are any. */
  private async withImageRefs<T extends ProductResponse>(products: T[]): Promise<T[]> {
    const refs = await this.images.refsFor(products.flatMap(imageUrlsOf));
    if (Object.keys(refs).length === 0) return products;
    return products.map((p) => {
      const own = Object.fromEntries(imageUrlsOf(p).flatMap((url) => (url && refs[url] ? [[url, refs[url]]] : [])));
      return Object.keys(own).length > 0 ? { ...p, imageRefs: own } : p;
    });
  }

  /** The storefront list: featured first, then by name (the shared rule decides the final order). */
  async listPublic(): Promise<ProductResponse[]> {
    const rows = await this.ordered(this.products.createQueryBuilder('p')).take(PRODUCT_LIST_MAX).getMany();
    return this.withImageRefs(sortProducts(rows.map(toPublicProduct)));
  }

  /** The cart's order-ahead menu: the products sold at the cart, sold out where the shop shows them out of stock. */
  async cartMenu(): Promise<PickupMenuItem[]> {
    const rows = await this.ordered(this.products.createQueryBuilder('p').where('p.sold_at_cart = true')).take(PRODUCT_LIST_MAX).getMany();
    return rows.map((p) => ({
      productId: p.id,
      name: p.name,
      description: p.subtitle ?? p.description,
      price: fromCents(p.priceCents),
      imageUrl: p.imageUrl,
      soldOut: !isInStock(p),
      options: p.options,
    }));
  }

  /** At most FEATURED_LIMIT featured products, by name. */
  async featured(): Promise<ProductResponse[]> {
    const rows = await this.ordered(this.products.createQueryBuilder('p').where('p.featured = true')).take(FEATURED_LIMIT).getMany();
    return this.withImageRefs(sortProducts(rows.map(toPublicProduct)));
  }

  async getBySlug(slug: string): Promise<ProductResponse> {
    const product = await this.products.findOneBy({ slug });
    if (!product) throw new NotFoundError('Product not found', 'PRODUCT_NOT_FOUND');
    const [withRefs] = await this.withImageRefs([toPublicProduct(product)]);
    return withRefs;
  }

  /** Admin list: optional search in name, slug and subtitle; one page (default and cap PRODUCT_LIST_MAX). */
  async list(query: ProductListQuery): Promise<AdminProduct[]> {
    const qb = this.products.createQueryBuilder('p');
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where('(p.name ILIKE :pattern OR p.slug ILIKE :pattern OR p.subtitle ILIKE :pattern)', { pattern });
    }
    const rows = await this.ordered(qb)
      .take(query.limit ?? PRODUCT_LIST_MAX)
      .skip(query.offset ?? 0)
      .getMany();
    return this.withImageRefs(rows.map(toAdminProduct));
  }

  async create(input: ProductCreate): Promise<AdminProduct> {
    const { price, slug: explicitSlug, ...fields } = input;
    if (fields.categoryId !== null) await this.assertCategory(fields.categoryId);
    if (explicitSlug) await this.assertSlugFree(explicitSlug);
    if (fields.variationId) await this.assertVariationFree(fields.variationId);
    for (let attempt = 1; ; attempt++) {
      const slug = explicitSlug ?? (await this.freeSlug(fields.name));
      try {
        const row = await this.products.save(this.products.create({ ...fields, slug, priceCents: toCents(price) }));
        return toAdminProduct(row);
      } catch (error) {
        // Another request took the generated slug between our look-up and the insert: try the next one.
        if (!explicitSlug && violatedConstraint(error, '23505') === 'products_slug_key' && attempt < GENERATED_SLUG_ATTEMPTS) continue;
        throw this.explain(error, slug, fields.variationId);
      }
    }
  }

  async update(id: number, patch: ProductUpdate): Promise<AdminProduct> {
    const product = await this.findOrFail(id);
    const { price, slug, ...fields } = patch;
    const changes: Partial<Product> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (price !== undefined) changes.priceCents = toCents(price);
    if (changes.categoryId != null && changes.categoryId !== product.categoryId) await this.assertCategory(changes.categoryId);
    if (changes.variationId && changes.variationId !== product.variationId) await this.assertVariationFree(changes.variationId);
    if (slug !== undefined) {
      // An emptied slug is generated again from the (new) name.
      if (slug && slug !== product.slug) await this.assertSlugFree(slug);
      changes.slug = slug ?? (await this.freeSlug(changes.name ?? product.name, id));
    }
    try {
      await this.products.update({ id }, changes);
    } catch (error) {
      throw this.explain(error, changes.slug ?? product.slug, changes.variationId);
    }
    return toAdminProduct(await this.findOrFail(id));
  }

  async remove(id: number): Promise<void> {
    const result = await this.products.delete({ id });
    if (!result.affected) throw new NotFoundError('Product not found', 'PRODUCT_NOT_FOUND');
  }

  /** Featured first, then by name case-insensitively, the same in PGlite and any server collation. */
  private ordered(qb: SelectQueryBuilder<Product>): SelectQueryBuilder<Product> {
    return qb.orderBy('p.featured', 'DESC').addOrderBy('lower(p.name) COLLATE "C"').addOrderBy('p.id');
  }

  private async findOrFail(id: number): Promise<Product> {
    const product = await this.products.findOneBy({ id });
    if (!product) throw new NotFoundError('Product not found', 'PRODUCT_NOT_FOUND');
    return product;
  }

  private async assertCategory(categoryId: number): Promise<void> {
    if (!(await this.categories.exists(categoryId))) throw new UserInputError('Category not found', 'CATEGORY_NOT_FOUND');
  }

  private async assertSlugFree(slug: string): Promise<void> {
    if (await this.products.exists({ where: { slug } })) throw slugTaken(slug);
  }

  private async assertVariationFree(variationId: string): Promise<void> {
    if (await this.products.exists({ where: { variationId } })) throw variationTaken(variationId);
  }

  private freeSlug(name: string, exceptId?: number): Promise<string> {
    return freeSlugIn(this.products, name, 'product', exceptId);
  }

  /** Constraint violations from a race the checks above could not see, as the same clear answers. */
  private explain(error: unknown, slug: string, variationId: string | null | undefined): unknown {
    const unique = violatedConstraint(error, '23505');
    if (unique === 'products_variation_key' && variationId) return variationTaken(variationId);
    if (unique !== undefined) return slugTaken(slug);
    if (violatedConstraint(error, '23503') !== undefined) return new UserInputError('Category not found', 'CATEGORY_NOT_FOUND');
    return error;
  }
}

function slugTaken(slug: string): ConflictError {
  return new ConflictError(`A product with the slug "${slug}" already exists`, 'PRODUCT_SLUG_TAKEN');
}

function variationTaken(variationId: string): ConflictError {
  return new ConflictError(`Another product already uses the variation id "${variationId}"`, 'PRODUCT_VARIATION_TAKEN');
}
