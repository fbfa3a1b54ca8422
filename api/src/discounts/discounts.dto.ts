import { discountActiveSchema, discountFormSchema } from '@cocoa/shared-types';
import { createZodDto } from '../common/zod-validation.pipe';

export class DiscountFormDto extends createZodDto(discountFormSchema) {}
export class DiscountActiveDto extends createZodDto(discountActiveSchema) {}
