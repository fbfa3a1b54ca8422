import { Entity, PrimaryColumn } from 'typeorm';
import { Int, Timestamptz } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

/** One pickup order's place in its stop's slot (docs/order-ahead.md). */
@Entity('pickup_slot_claims')
export class PickupSlotClaim extends CreatedColumns {
  /** The order holding the place (orders.id): one place per order, freed with the order. */
  @PrimaryColumn({ type: 'uuid' }) orderId: string;
  @Int() stopId: number;
  @Timestamptz() slotStart: Date;
}
