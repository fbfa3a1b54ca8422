import type { ProductOptionGroup } from '@cocoa/shared-types';
import { Bool, Int, Jsonb, Text, Timestamptz, Varchar } from '../common/typed-columns';
import { Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

/** A catalogue product. Money is integer cents here; the API answers dollars (toPublicProduct, toAdminProduct). */
@Entity('products')
export class Product extends EditedRow {
  @Varchar(120) name: string;
  @Varchar(80, { unique: true }) slug: string;
  @Varchar(200, { nullable: true }) subtitle: string | null;
  @Text({ nullable: true }) description: string | null;
  @Int() priceCents: number;
  @Varchar(500, { nullable: true }) imageUrl: string | null;
  @Varchar(500, { nullable: true }) hotImageUrl: string | null;
  @Varchar(500, { nullable: true }) icedImageUrl: string | null;
  @Varchar(500, { nullable: true }) shakeImageUrl: string | null;
  @Varchar(500, { nullable: true }) featuredImageUrl: string | null;
  @Varchar(500, { nullable: true }) backgroundImageUrl: string | null;

  /** categories.id; ON DELETE SET NULL in the schema, so deleting a category un-categorises. */
  @Int({ nullable: true }) categoryId: number | null;

  /** The owner's switch; the shop shows a counted product with none left as out of stock whatever it says (isInStock). */
  @Bool({ default: true }) inStock: boolean;

  /** Items on hand; null = not counted. Changed by the checkout only through StockService. */
  @Int({ nullable: true }) stockCount: number | null;

  /** Low at or below this count (null: only at 0). */
  @Int({ nullable: true }) lowStockThreshold: number | null;
  @Bool({ default: false }) featured: boolean;

  /** On the cart's order-ahead menu (docs/order-ahead.md). */
  @Bool({ default: false }) soldAtCart: boolean;

  /** Its options at the cart, with their price changes (shared-types product-options.ts). */
  @Jsonb({ default: () => "'[]'" }) options: ProductOptionGroup[];

  /** The Square item variation charged at payment. */
  @Varchar(100, { nullable: true }) variationId: string | null;

  /** Square's time of the stock count last applied (catalogue/stock.service.ts): an older one is ignored. */
  @Timestamptz({ nullable: true }) squareCountedAt: Date | null;
}
