import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Jsonb, Varchar } from '../common/typed-columns';

/**
 * The bookkeeping columns most tables share, declared once: an entity extends the class that names
 * what it keeps (the column names stay `id`, `created_at`, `updated_at`, so no table changes).
 * Times are instants (`timestamptz`), set by the database.
 */

/** When the row was inserted. */
export abstract class CreatedColumns {
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** When the row was inserted and when it last changed. */
export abstract class EditedColumns extends CreatedColumns {
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** A row numbered by a serial key, with when it was inserted. */
export abstract class CreatedRow extends CreatedColumns {
  @PrimaryGeneratedColumn() id: number;
}

/** A row numbered by a serial key, with when it was inserted and when it last changed. */
export abstract class EditedRow extends EditedColumns {
  @PrimaryGeneratedColumn() id: number;
}

/** What an audit row's detail may hold: the words that came with a move, amounts, provider ids. */
export type AuditDetail = Record<string, string | number | boolean | null>;

/**
 * One row of a history (an order's or a booking's moves), written in the transaction of what it
 * records: a big serial key, what happened (`type`), its details and when.
 */
export abstract class AuditRow extends CreatedColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Varchar(40) type: string;
  @Jsonb({ default: {} }) detail: AuditDetail;
}
