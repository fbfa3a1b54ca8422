import { Entity } from 'typeorm';
import { Bool, Text, Timestamptz, Varchar } from '../common/typed-columns';
import { EditedRow } from '../database/row.columns';

/** An account. Username and e-mail are unique case-insensitively (indexes on lower(...)). */
@Entity('users')
export class UserEntity extends EditedRow {
  @Varchar(50) username: string;
  @Varchar(254) email: string;
  @Text({ select: false }) passwordHash: string;
  @Varchar(100, { nullable: true }) firstName: string | null;
  @Varchar(100, { nullable: true }) lastName: string | null;
  @Varchar(30, { nullable: true }) phone: string | null;
  @Varchar(200, { nullable: true }) address: string | null;
  @Varchar(100, { nullable: true }) city: string | null;
  @Varchar(50, { nullable: true }) state: string | null;
  @Varchar(20, { nullable: true }) zipCode: string | null;
  @Varchar(2, { default: 'US' }) country: string;
  @Bool({ default: false }) isAdmin: boolean;

  /** When the password was last changed or reset (null: not since this was recorded). */
  @Timestamptz({ nullable: true }) passwordChangedAt: Date | null;
}
