import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A geocoded address, keyed by its normalised text (lowercase, single spaces). */
@Entity('geocode_cache')
export class GeocodeCacheEntry {
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
