import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One successful sign-in of an account (migration 1765500000000-sign-ins); the newest few are kept. */
@Entity('sign_ins')
export class SignInEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  signedInAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ type: 'char', length: 64, nullable: true })
  sessionHash: string | null;
}
