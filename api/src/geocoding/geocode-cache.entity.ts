import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/** A geocoded address, keyed by its normalised text (lowercase, single spaces); a reverse lookup by 'REVERSE <lat>,<lng>'. */
@Entity('geocode_cache')
export class GeocodeCacheEntry extends CreatedColumns {
  @PrimaryColumn({ type: 'varchar', length: 500 })
  query: string;

  @Column({ type: 'varchar', length: 20 })
  provider: 'nominatim' | 'google';

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  @Column({ type: 'text' })
  displayName: string;

  /** A reverse lookup's short name for the place (its name, or house number and road); null for address lookups. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;
}
