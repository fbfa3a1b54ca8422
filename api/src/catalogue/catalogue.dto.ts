import {
  categoryCreateSchema,
  categoryUpdateSchema,
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  slugParamSchema,
} from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class ProductCreateDto extends createZodDto(productCreateSchema) {}
export class ProductUpdateDto extends createZodDto(productUpdateSchema) {}
export class ProductListQueryDto extends createZodDto(productListQuerySchema) {}
export class CategoryCreateDto extends createZodDto(categoryCreateSchema) {}
export class CategoryUpdateDto extends createZodDto(categoryUpdateSchema) {}
export class SlugParamDto extends createZodDto(z.object({ slug: slugParamSchema })) {}
