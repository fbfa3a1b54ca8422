import { z } from 'zod';

/** Optional free text: '' and null both mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A whole number between min and max, its messages naming the field as the form labels it. */
export const wholeNumber = (name: string, min: number, max: number) => inRange(z.number({ message: `${name} must be a number` }), name, min, max);

/** The same, read from a query string (a number written as text); `limit`, `page`. */
export const queryWholeNumber = (name: string, min: number, max: number) => inRange(z.coerce.number({ message: `${name} must be a number` }), name, min, max);

function inRange<N extends z.ZodNumber | z.ZodCoercedNumber>(number: N, name: string, min: number, max: number): N {
  return number.int(`${name} must be a whole number`).min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`) as N;
}

/** Beside the rows of a page of an admin list: the page's number (from 1), its size and the rows in all. */
export const pageShape = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };

/** A page of an admin list: its rows under `key`, beside the page's number, size and the rows in all. */
export const pageSchema = <K extends string, Row extends z.ZodType>(key: K, row: Row) =>
  z.object({ [key]: z.array(row), ...pageShape } as Record<K, z.ZodArray<Row>> & typeof pageShape);

/** An image is a site path (/uploads/..., /images/...) or an http(s) URL; never another scheme. */
export const imageRefSchema = z
  .string()
  .trim()
  .max(500, 'Image path is too long')
  .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\//i.test(v), 'Image must be a site path or an http(s) URL')
  .nullish()
  .transform((v) => (v ? v : null));

// A row id: in its own file, so a schema needing only it (the live state's) builds no other.
export { idParamSchema } from './id.schema';

/**
 * A client-chosen idempotency key: one per checkout attempt (Square accepts at most 45 characters),
 * or the id a device made for a contact message or inquiry kept in its outbox. Here, not in
 * orders.schema.ts (which re-exports it): the contact form must not load the checkout's schemas.
 */
export const idempotencyKeySchema = z
  .string({ message: 'idempotencyKey is required' })
  .regex(/^[A-Za-z0-9_-]{8,45}$/, 'idempotencyKey must be 8 to 45 letters, digits, - or _');

export const emailSchema = z
  .string({ message: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Email is too long')
  .email('Please enter a valid email address');

/**
 * Response header carrying the cursor of the next page of a paged list (GET /api/me/orders, the
 * admin's events). Here, not in orders.schema.ts: a page that only reads this header must not load
 * the checkout's schemas (and the phone metadata they bring).
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
