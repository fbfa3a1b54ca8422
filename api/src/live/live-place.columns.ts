import { Column } from 'typeorm';

/**
 * Where the cart is (or a change happened): one column group embedded in the cart's state and in
 * each history row. `stopId` is the scheduled stop checked in at, null for 'somewhere else';
 * `label` is what visitors read.
 */
export class LivePlaceColumns {
  @Column({ type: 'integer', nullable: true })
  stopId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;
}
