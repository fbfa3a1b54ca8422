import {
  categoryCreateSchema,
  categoryUpdateSchema,
  idParamSchema,
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
/** `/products/abc` answers 400, not 500. */
export class IdParamDto extends createZodDto(z.object({ id: idParamSchema })) {}
export class SlugParamDto extends createZodDto(z.object({ slug: slugParamSchema })) {}
