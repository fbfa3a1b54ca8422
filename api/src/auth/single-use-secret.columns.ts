import { Int, Timestamptz } from '../common/typed-columns';
import { CreatedRow } from '../database/row.columns';

/**
 * A single-use secret of an account (a password-reset token, a recovery code): only its sha-256 is
 * kept (the entity names that column); `usedAt` is set once, when it is taken.
 */
export abstract class SingleUseSecretRow extends CreatedRow {
  @Int() userId: number;
  @Timestamptz({ nullable: true }) usedAt: Date | null;
}
