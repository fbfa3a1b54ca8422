import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/** One pickup order's place in its stop's slot (docs/order-ahead.md). */
@Entity('pickup_slot_claims')
export class PickupSlotClaim extends CreatedColumns {
  /** The order holding the place (orders.id): one place per order, freed with the order. */
  @PrimaryColumn({ type: 'uuid' })
  orderId: string;

  @Column({ type: 'integer' })
  stopId: number;

  @Column({ type: 'timestamptz' })
  slotStart: Date;
}
