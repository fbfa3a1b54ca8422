import { Column } from 'typeorm';

/**
 * A place's address and position, one column group embedded where a place is kept (a scheduled
 * stop, where the cart is): `address`, `latitude`, `longitude`, each null while unknown.
 */
export class PlaceColumns {
  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;
}
