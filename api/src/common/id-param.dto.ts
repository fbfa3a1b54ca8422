import { idParamSchema } from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from './zod-validation.pipe';

/** The params of a route that names a row by its number (`:id`): `/products/abc` answers 400, not 500. */
export class IdParamDto extends createZodDto(z.object({ id: idParamSchema })) {}
