import { z } from 'zod';
import { OPTION_CHOICES_MAX, OPTION_GROUPS_MAX, OPTION_NAME_MAX, OPTION_PRICE_MAX_CENTS, type ProductOptionGroup } from '../product-options';
import { SLUG_PATTERN, slugify } from '../slug';
import { STOCK_MAX } from '../stock';
import { imageRefSchema, optionalText } from './common.schema';

/**
 * Each image field's value (an uploaded image's /uploads/products/ path) → its responsive-image
 * reference (see ../images.ts). Only images with variants are listed; absent on older answers.
 */
const imageRefsSchema = z.record(z.string(), z.string()).optional();

/** A product's image slots: the main image, one per drink (hot, iced, shake), the featured card's and the page background. */
const PRODUCT_IMAGE_FIELDS = ['imageUrl', 'hotImageUrl', 'icedImageUrl', 'shakeImageUrl', 'featuredImageUrl', 'backgroundImageUrl'] as const;
export type ProductImageField = (typeof PRODUCT_IMAGE_FIELDS)[number];

/** Every image slot, each read with `schema`. */
const imageFields = <S extends z.ZodType>(schema: S) =>
  Object.fromEntries(PRODUCT_IMAGE_FIELDS.map((field) => [field, schema])) as Record<ProductImageField, S>;

const optionName = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(OPTION_NAME_MAX, `${what} must be at most ${OPTION_NAME_MAX} characters`)
    .refine((v) => slugify(v) !== '', `${what} needs a letter or a digit`);

/** One choice as the owner types it: its name and its price change in dollars. */
const optionChoiceInput = z.strictObject({
  name: optionName('Choice name'),
  price: z
    .number({ message: 'Price change must be a number' })
    .min(-OPTION_PRICE_MAX_CENTS / 100, `Price change must be at least -$${OPTION_PRICE_MAX_CENTS / 100}`)
    .max(OPTION_PRICE_MAX_CENTS / 100, `Price change must be at most $${OPTION_PRICE_MAX_CENTS / 100}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Price change must have at most two decimals'),
});

/**
 * A product's option groups (size, milk, toppings) as the owner types them: a name, how many
 * choices a drink takes (at least `min`, 1 or more makes it required; at most `max`), and the
 * choices. Ids come from the names, so names must differ within a product and within a group.
 */
export const productOptionsSchema = z
  .array(
    z
      .strictObject({
        name: optionName('Option name'),
        min: z.number({ message: 'Minimum must be a number' }).int('Minimum must be a whole number').min(0, 'Minimum cannot be negative'),
        max: z.number({ message: 'Maximum must be a number' }).int('Maximum must be a whole number').min(1, 'Maximum must be at least 1'),
        choices: z
          .array(optionChoiceInput)
          .min(1, 'An option needs at least one choice')
          .max(OPTION_CHOICES_MAX, `At most ${OPTION_CHOICES_MAX} choices an option`),
      })
      .refine((g) => g.min <= g.max, { message: 'Minimum cannot be more than maximum', path: ['min'] })
      .refine((g) => g.max <= g.choices.length, { message: 'Maximum cannot be more than the choices', path: ['max'] })
      .refine((g) => new Set(g.choices.map((c) => slugify(c.name))).size === g.choices.length, {
        message: 'Two choices have the same name',
        path: ['choices'],
      }),
    { message: 'Options must be a list' },
  )
  .max(OPTION_GROUPS_MAX, `At most ${OPTION_GROUPS_MAX} options a product`)
  .refine((groups) => new Set(groups.map((g) => slugify(g.name))).size === groups.length, 'Two options have the same name')
  .transform((groups): ProductOptionGroup[] =>
    groups.map((g) => ({
      id: slugify(g.name),
      name: g.name,
      min: g.min,
      max: g.max,
      choices: g.choices.map((c) => ({ id: slugify(c.name), name: c.name, priceCents: Math.round(c.price * 100) })),
    })),
  );

/** A product's option groups as the API answers them (ids and price changes in cents). */
export const productOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  choices: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number().int() })),
});

/**
 * A product as the catalogue calls answer it (price in dollars with two decimals). `inStock` is what
 * the shop shows (isInStock: the owner's switch, and out at a stock count of 0); the count itself
 * is not public, only `onlyLeft` while the product is low (see ../stock.ts).
 */
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number(),
  ...imageFields(z.string().nullable()),
  categoryId: z.number().nullable(),
  inStock: z.boolean(),
  featured: z.boolean(),
  variationId: z.string().nullable(),
  /** "Only N left": the count while at or below the low-stock threshold and above 0, else null. */
  onlyLeft: z.number().nullable(),
  imageRefs: imageRefsSchema,
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product as the admin calls answer it (GET/POST/PATCH /api/products): `inStock` is the owner's
 * switch as saved, beside the stock count (null = not counted) and the low-stock threshold.
 */
export const adminProductSchema = productSchema.extend({
  stockCount: z.number().nullable(),
  lowStockThreshold: z.number().nullable(),
  /** On the cart's order-ahead menu (a cup made at the cart, not only a bag that ships). */
  soldAtCart: z.boolean(),
  /** The drink's options at the cart (../product-options.ts). */
  options: z.array(productOptionGroupSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A counted product at or below its low-stock threshold (the summary's low-stock list): its count is never null here. */
export const lowStockProductSchema = adminProductSchema.pick({ id: true, name: true, slug: true, lowStockThreshold: true }).extend({ stockCount: z.number() });
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

/** An optional whole number of items: blank (null, undefined) = not set. */
const stockNumber = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(STOCK_MAX, `${label} must be at most 1,000,000`)
    .nullish()
    .transform((v) => v ?? null);

const slugInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'Slug must be at most 80 characters')
  .refine((v) => v === '' || SLUG_PATTERN.test(v), 'Slug may hold only lowercase letters, digits and single hyphens')
  .nullish()
  .transform((v) => (v ? v : null));

const productFields = {
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  slug: slugInput,
  subtitle: optionalText(200),
  description: optionalText(5000),
  price: z
    .number({ message: 'Price must be a number' })
    .nonnegative('Price cannot be negative')
    .max(100000, 'Price is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Price must have at most two decimals'),
  ...imageFields(imageRefSchema),
  categoryId: z
    .number({ message: 'Category must be a number' })
    .int('Category must be a whole number')
    .positive('Category not found')
    .max(2147483647, 'Category not found')
    .nullish()
    .transform((v) => v ?? null),
  inStock: z.boolean({ message: 'In stock must be true or false' }).default(true),
  featured: z.boolean({ message: 'Featured must be true or false' }).default(false),
  variationId: optionalText(100),
  /** Items on hand; null (blank) = not counted. */
  stockCount: stockNumber('Stock count'),
  /** Low at or below this count; null (blank) = only warn when none are left. */
  lowStockThreshold: stockNumber('Low-stock threshold'),
  soldAtCart: z.boolean({ message: 'Sold at the cart must be true or false' }).default(false),
  options: productOptionsSchema.default([]),
};

/**
 * Spreadsheet import (Excel or CSV): a blank cell leaves an existing product's field unchanged; a cell
 * holding exactly this text (any case) empties the field. Chosen over "-" because Excel takes a lone
 * "-" typed in a cell for the start of a formula.
 */
export const IMPORT_CLEAR_MARK = '(clear)';

/** POST /api/products; slug generated from the name when empty. */
export const productCreateSchema = z.strictObject(productFields);
export type ProductCreate = z.input<typeof productCreateSchema>;

/** PATCH /api/products/{id}: any subset of the fields, at least one. */
export const productUpdateSchema = z
  .strictObject({
    ...productFields,
    inStock: z.boolean({ message: 'In stock must be true or false' }),
    featured: z.boolean({ message: 'Featured must be true or false' }),
    soldAtCart: z.boolean({ message: 'Sold at the cart must be true or false' }),
    options: productOptionsSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageRefs: imageRefsSchema,
});
export type Category = z.infer<typeof categorySchema>;

const categoryFields = {
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  slug: slugInput,
  description: optionalText(2000),
  imageUrl: imageRefSchema,
};
export const categoryCreateSchema = z.strictObject(categoryFields);
export type CategoryCreate = z.input<typeof categoryCreateSchema>;
export const categoryUpdateSchema = z
  .strictObject(categoryFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

export const testimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  content: z.string(),
  rating: z.number(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** GET /api/square/catalog/products/slug/{slug}: a well-formed slug (any case), else 400. */
export const slugParamSchema = z.string({ message: 'Invalid slug' }).trim().toLowerCase().max(80, 'Invalid slug').regex(SLUG_PATTERN, 'Invalid slug');

export const PRODUCT_LIST_MAX = 500;

/** GET /api/products (admin): optional name/slug/subtitle search and paging. */
export const productListQuerySchema = z.object({
  search: z.string({ message: 'Search must be text' }).trim().max(100, 'Search must be at most 100 characters').optional(),
  limit: z
    .string({ message: 'Limit must be a whole number' })
    .regex(/^\d{1,4}$/, 'Limit must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Limit must be at least 1').max(PRODUCT_LIST_MAX, `Limit must be at most ${PRODUCT_LIST_MAX}`))
    .optional(),
  offset: z
    .string({ message: 'Offset must be a whole number' })
    .regex(/^\d{1,7}$/, 'Offset must be a whole number below 10000000')
    .transform(Number)
    .optional(),
});
