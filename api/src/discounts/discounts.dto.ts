import { discountActiveSchema, discountFormSchema, idParamSchema } from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class DiscountFormDto extends createZodDto(discountFormSchema) {}
export class DiscountActiveDto extends createZodDto(discountActiveSchema) {}
export class DiscountIdParamDto extends createZodDto(z.object({ id: idParamSchema })) {}
