import { settingUpdateSchema, shopIdentityInputSchema } from '@cocoa/shared-types';
import { createZodDto } from '../common/zod-validation.pipe';

export class SettingUpdateDto extends createZodDto(settingUpdateSchema) {}
export class ShopIdentityDto extends createZodDto(shopIdentityInputSchema) {}
