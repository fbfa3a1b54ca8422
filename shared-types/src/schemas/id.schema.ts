import { z } from 'zod';

/**
 * A row id from a path or query string: decimal digits only (no '1e3', '0x10', ' 12 ' or ''),
 * within PostgreSQL's integer range. Numbers are accepted too.
 */
export const idParamSchema = z
  .union([z.number(), z.string().regex(/^\d{1,20}$/, 'Id must be a whole number')], { message: 'Id must be a whole number' })
  .transform(Number)
  .pipe(z.number().int('Id must be a whole number').positive('Id must be positive').max(2147483647, 'Id is too large'));
