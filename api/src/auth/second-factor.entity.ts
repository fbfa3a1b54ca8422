import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Text, Timestamptz } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

/** An account's authenticator app (docs/security.md). The secret is sealed (settings' SecretBox), never stored plain. */
@Entity('second_factors')
export class SecondFactorEntity extends CreatedColumns {
  @PrimaryColumn({ type: 'integer' }) userId: number;
  @Text() secret: string;

  /** Null while the enrolment waits for its first code: the factor is not asked for until then. */
  @Timestamptz({ nullable: true }) confirmedAt: Date | null;

  /** The 30-second step of the last code taken (bigint: the driver answers a string). */
  @Column({ type: 'bigint', nullable: true }) lastUsedStep: string | null;
}
