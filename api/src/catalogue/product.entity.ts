import type { ProductOptionGroup } from '@cocoa/shared-types';
import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

/** A catalogue product. Money is integer cents here; the API answers dollars (toPublicProduct, toAdminProduct). */
@Entity('products')
export class Product extends EditedRow {
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 80, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  subtitle: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer' })
  priceCents: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  hotImageUrl: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  icedImageUrl: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  shakeImageUrl: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  featuredImageUrl: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  backgroundImageUrl: string | null;

  /** categories.id; ON DELETE SET NULL in the schema, so deleting a category un-categorises. */
  @Column({ type: 'integer', nullable: true })
  categoryId: number | null;

  /** The owner's switch; the shop shows a counted product with none left as out of stock whatever it says (isInStock). */
  @Column({ type: 'boolean', default: true })
  inStock: boolean;

  /** Items on hand; null = not counted. Changed by the checkout only through StockService. */
  @Column({ type: 'integer', nullable: true })
  stockCount: number | null;

  /** Low at or below this count (null: only at 0). */
  @Column({ type: 'integer', nullable: true })
  lowStockThreshold: number | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  /** On the cart's order-ahead menu (docs/order-ahead.md). */
  @Column({ type: 'boolean', default: false })
  soldAtCart: boolean;

  /** Its options at the cart, with their price changes (shared-types product-options.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  options: ProductOptionGroup[];

  /** The Square item variation charged at payment. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  variationId: string | null;

  /** Square's time of the stock count last applied (catalogue/stock.service.ts): an older one is ignored. */
  @Column({ type: 'timestamptz', nullable: true })
  squareCountedAt: Date | null;
}
