import { Column, type ColumnOptions } from 'typeorm';

/**
 * Column decorators named after the PostgreSQL type they declare, so an entity states each column
 * on one line: `@Varchar(100, { nullable: true }) paymentId: string | null;`. The options are
 * TypeORM's own (nullable, default, unique, transformer); a column is NOT NULL unless they say so.
 * Money is always `integer` cents, and instants always `timestamptz`.
 */
type Options = Omit<ColumnOptions, 'type' | 'length'>;

const typed =
  (type: ColumnOptions['type']) =>
  (options: Options = {}): PropertyDecorator =>
    Column({ type, ...options });

/** Text of at most `length` characters. */
export const Varchar = (length: number, options: Options = {}): PropertyDecorator => Column({ type: 'varchar', length, ...options });
/** Text without a length limit (the limit is the schema's that checked it). */
export const Text = typed('text');
/** A whole number; amounts of money are whole cents. */
export const Int = typed('integer');
export const Bool = typed('boolean');
/** An instant, stored with its zone and read back as a Date. */
export const Timestamptz = typed('timestamptz');
export const Jsonb = typed('jsonb');
export const Uuid = typed('uuid');
export const Double = typed('double precision');
