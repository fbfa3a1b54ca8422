import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

/** An account. Username and e-mail are unique case-insensitively (indexes on lower(...)). */
@Entity('users')
export class UserEntity extends EditedRow {
  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'text', select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  state: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 2, default: 'US' })
  country: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  /** When the password was last changed or reset (null: not since this was recorded). */
  @Column({ type: 'timestamptz', nullable: true })
  passwordChangedAt: Date | null;
}
