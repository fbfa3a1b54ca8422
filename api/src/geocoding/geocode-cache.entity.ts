import { Entity, PrimaryColumn } from 'typeorm';
import { Double, Text, Varchar } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

/** A geocoded address, keyed by its normalised text (lowercase, single spaces); a reverse lookup by 'REVERSE <lat>,<lng>'. */
@Entity('geocode_cache')
export class GeocodeCacheEntry extends CreatedColumns {
  @PrimaryColumn({ type: 'varchar', length: 500 }) query: string;
  @Varchar(20) provider: 'nominatim' | 'google';
  @Double() latitude: number;
  @Double() longitude: number;
  @Text() displayName: string;

  /** A reverse lookup's short name for the place (its name, or house number and road); null for address lookups. */
  @Varchar(200, { nullable: true }) label: string | null;
}
