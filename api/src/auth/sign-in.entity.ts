import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Int, Timestamptz, Varchar } from '../common/typed-columns';

/** One successful sign-in of an account (migration 1765500000000-sign-ins); the newest few are kept. */
@Entity('sign_ins')
export class SignInEntity {
  @PrimaryGeneratedColumn() id: number;
  @Int() userId: number;
  @Timestamptz({ default: () => 'now()' }) signedInAt: Date;
  @Varchar(64, { nullable: true }) ipAddress: string | null;
  @Varchar(512, { nullable: true }) userAgent: string | null;
  @Column({ type: 'char', length: 64, nullable: true }) sessionHash: string | null;
}
