import { Column, Entity } from 'typeorm';
import { Timestamptz } from '../common/typed-columns';
import { SingleUseSecretRow } from './single-use-secret.columns';

/** Only the sha256 of a reset token is stored; the token itself travels in the e-mailed link. */
@Entity('password_reset_tokens')
export class PasswordResetTokenEntity extends SingleUseSecretRow {
  @Column({ type: 'char', length: 64 }) tokenHash: string;
  @Timestamptz() expiresAt: Date;
}
