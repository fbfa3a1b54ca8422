import { Column } from 'typeorm';
import { PlaceColumns } from '../database/place.columns';

/**
 * Where the cart is (or a change happened): one column group embedded in the cart's state and in
 * each history row. `stopId` is the scheduled stop checked in at, null for 'somewhere else';
 * `label` is what visitors read; the address and position are a place's (PlaceColumns).
 */
export class LivePlaceColumns extends PlaceColumns {
  @Column({ type: 'integer', nullable: true })
  stopId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;
}
