import { Column, Entity } from 'typeorm';
import { SingleUseSecretRow } from './single-use-secret.columns';

/** One single-use recovery code of an account: only its sha-256 is kept. */
@Entity('recovery_codes')
export class RecoveryCodeEntity extends SingleUseSecretRow {
  @Column({ type: 'char', length: 64 }) codeHash: string;
}
