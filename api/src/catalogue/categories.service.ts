import type { Category as CategoryResponse, categoryCreateSchema, categoryUpdateSchema } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { ImagesService } from '../images/images.service';
import { Category } from './category.entity';
import { freeSlugIn, violatedConstraint } from './unique-slug';

/** Categories are few; the public list is still bounded. */
export const CATEGORY_LIST_MAX = 200;
const GENERATED_SLUG_ATTEMPTS = 5;

type CategoryCreate = z.output<typeof categoryCreateSchema>;
type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

export function toCategoryResponse(category: Category): CategoryResponse {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    imageUrl: category.imageUrl,
  };
}

@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(Category) private readonly categories: Repository<Category>,
    private readonly images: ImagesService,
  ) {}

  /** In creation order, so the owner's first categories lead the home page; `imageRefs` where an uploaded image has variants. */
  async list(): Promise<CategoryResponse[]> {
    const rows = await this.categories.find({ order: { id: 'ASC' }, take: CATEGORY_LIST_MAX });
    const refs = await this.images.refsFor(rows.map((c) => c.imageUrl));
    return rows.map((c) => {
      const ref = c.imageUrl ? refs[c.imageUrl] : undefined;
      return ref && c.imageUrl ? { ...toCategoryResponse(c), imageRefs: { [c.imageUrl]: ref } } : toCategoryResponse(c);
    });
  }

  async exists(id: number): Promise<boolean> {
    return this.categories.exists({ where: { id } });
  }

  async create(input: CategoryCreate): Promise<CategoryResponse> {
    if (input.slug) await this.assertSlugFree(input.slug);
    for (let attempt = 1; ; attempt++) {
      const slug = input.slug ?? (await this.freeSlug(input.name));
      try {
        const row = await this.categories.save(this.categories.create({ name: input.name, slug, description: input.description, imageUrl: input.imageUrl }));
        return toCategoryResponse(row);
      } catch (error) {
        // Another request took the generated slug between our look-up and the insert: try the next one.
        if (!input.slug && violatedConstraint(error, '23505') !== undefined && attempt < GENERATED_SLUG_ATTEMPTS) continue;
        throw this.conflictOr(error, slug);
      }
    }
  }

  async update(id: number, patch: CategoryUpdate): Promise<CategoryResponse> {
    const category = await this.findOrFail(id);
    const changes: Partial<Category> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.imageUrl !== undefined) changes.imageUrl = patch.imageUrl;
    if (patch.slug !== undefined) {
      // An emptied slug is generated again from the (new) name.
      changes.slug = patch.slug ?? (await this.freeSlug(patch.name ?? category.name, id));
      if (patch.slug && patch.slug !== category.slug) await this.assertSlugFree(patch.slug);
    }
    try {
      await this.categories.update({ id }, changes);
    } catch (error) {
      throw this.conflictOr(error, changes.slug ?? category.slug);
    }
    return toCategoryResponse(await this.findOrFail(id));
  }

  /** Its products stay and become uncategorised (products.category_id is ON DELETE SET NULL). */
  async remove(id: number): Promise<void> {
    const result = await this.categories.delete({ id });
    if (!result.affected) throw new NotFoundError('Category not found', 'CATEGORY_NOT_FOUND');
  }

  private async findOrFail(id: number): Promise<Category> {
    const category = await this.categories.findOneBy({ id });
    if (!category) throw new NotFoundError('Category not found', 'CATEGORY_NOT_FOUND');
    return category;
  }

  private async assertSlugFree(slug: string): Promise<void> {
    if (await this.categories.exists({ where: { slug } })) {
      throw new ConflictError(`A category with the slug "${slug}" already exists`, 'CATEGORY_SLUG_TAKEN');
    }
  }

  private freeSlug(name: string, exceptId?: number): Promise<string> {
    return freeSlugIn(this.categories, name, 'category', exceptId);
  }

  private conflictOr(error: unknown, slug: string): unknown {
    if (violatedConstraint(error, '23505') !== undefined) {
      return new ConflictError(`A category with the slug "${slug}" already exists`, 'CATEGORY_SLUG_TAKEN');
    }
    return error;
  }
}
