import { Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Text } from '../common/typed-columns';

/** One key/value row of the `settings` table (Square configuration, internal secrets). */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 100 }) key: string;
  @Text() value: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
