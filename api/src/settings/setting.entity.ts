import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One key/value row of the `settings` table (Square configuration, internal secrets). */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
