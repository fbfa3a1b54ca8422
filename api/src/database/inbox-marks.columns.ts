import { type InboxFilter, type InboxKind, type InboxListItem, type InboxMarks, inboxExcerpt } from '@cocoa/shared-types';
import { Timestamptz } from '../common/typed-columns';
import { type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';

/**
 * The owner's inbox marks, one column group embedded in every table whose rows the inbox lists
 * (contact messages, event inquiries, booking requests): `read_at` and `archived_at`, null while
 * unread or in the inbox. Each module queries its own table through an InboxTable; the SQL text
 * is constant (no input in it).
 */
export class InboxMarkColumns {
  /** When the owner read it in the inbox; null while unread. */
  @Timestamptz({ nullable: true }) readAt: Date | null;

  /** When the owner archived it; null while it is in the inbox. */
  @Timestamptz({ nullable: true }) archivedAt: Date | null;
}

/** The condition an inbox state's filter (INBOX_FILTERS) puts on a row of such a table. */
export function inboxFilterSql(filter: InboxFilter): string {
  const parts = [`archived_at IS ${filter.archived ? 'NOT ' : ''}NULL`];
  if (filter.read !== undefined) parts.push(`read_at IS ${filter.read ? 'NOT ' : ''}NULL`);
  return parts.join(' AND ');
}

/** The SET list for `marks`; a mark set again keeps the time it was first set. */
export function inboxMarksSql(marks: InboxMarks): string {
  const sets: string[] = [];
  if (marks.read !== undefined) sets.push(marks.read ? 'read_at = COALESCE(read_at, now())' : 'read_at = NULL');
  if (marks.archived !== undefined) sets.push(marks.archived ? 'archived_at = COALESCE(archived_at, now())' : 'archived_at = NULL');
  if (!sets.length) throw new Error('inboxMarksSql: no mark to change');
  return sets.join(', ');
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A raw row of such a table as the list reads it: who sent it, the text its excerpt is cut from,
 * when it came in and its marks.
 */
export interface InboxRow {
  id: number;
  name: string;
  email: string;
  text: string;
  created_at: Date | string;
  read_at: Date | string | null;
  archived_at: Date | string | null;
}

/** When an entity whose table embeds the marks came in, and its marks, as the inbox answers them. */
export function inboxEntityTimes(entity: { createdAt: Date; inbox: InboxMarkColumns }): Pick<InboxListItem, 'receivedAt' | 'readAt' | 'archivedAt'> {
  return { receivedAt: entity.createdAt.toISOString(), readAt: iso(entity.inbox.readAt), archivedAt: iso(entity.inbox.archivedAt) };
}

/** A repository or an entity manager (a caller's transaction). */
interface Queryable {
  query<T>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * What the inbox does on one such table: its newest rows matching a filter, their count, and a
 * row's marks set or cleared. Rows are read with `columns` (enough for the list, named as InboxRow
 * names them) and answered as inbox rows of `kind`, with the subject and event day `describe` gives.
 */
export class InboxTable<Row extends InboxRow> {
  constructor(
    private readonly kind: InboxKind,
    private readonly table: string,
    private readonly columns: string,
    private readonly describe: (row: Row) => Pick<InboxListItem, 'subject' | 'eventDate'>,
  ) {}

  private toItem(row: Row): InboxListItem {
    return {
      kind: this.kind,
      id: row.id,
      name: row.name,
      email: row.email,
      ...this.describe(row),
      excerpt: inboxExcerpt(row.text),
      receivedAt: new Date(row.created_at).toISOString(),
      readAt: iso(row.read_at),
      archivedAt: iso(row.archived_at),
    };
  }

  /** The newest `limit` rows matching `filter`, newest first (then by id), as inbox rows. */
  async rows(db: Queryable, filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    const rows = await db.query<Row[]>(`SELECT ${this.columns} FROM ${this.table} WHERE ${inboxFilterSql(filter)} ORDER BY created_at DESC, id DESC LIMIT $1`, [
      limit,
    ]);
    return rows.map((row) => this.toItem(row));
  }

  async count(db: Queryable, filter: InboxFilter): Promise<number> {
    const [{ n }] = await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${this.table} WHERE ${inboxFilterSql(filter)}`);
    return n;
  }

  /** Sets or clears the read and archived marks of row `id`; the row after, or null when there is none. */
  async mark(db: Queryable, id: number, marks: InboxMarks): Promise<InboxListItem | null> {
    const [rows] = await db.query<[Row[], number]>(`UPDATE ${this.table} SET ${inboxMarksSql(marks)} WHERE id = $1 RETURNING ${this.columns}`, [id]);
    return rows.length ? this.toItem(rows[0]) : null;
  }
}

/**
 * A domain service whose table the owner's inbox lists (the back office reads the table only
 * through these four methods): the list rows through `table`, one row whole through
 * `toInboxMessage`, the marks set or cleared.
 */
export abstract class InboxSource<E extends { id: number }, Row extends InboxRow, Message> {
  protected constructor(
    private readonly inboxRepo: Repository<E>,
    private readonly table: InboxTable<Row>,
  ) {}

  /** The one row whole, as the inbox shows it (its replies are the inbox's own). */
  protected abstract toInboxMessage(found: E): Message;

  /** The newest `limit` rows matching `filter`, newest first (then by id), as inbox rows. */
  inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    return this.table.rows(this.inboxRepo, filter, limit);
  }

  inboxCount(filter: InboxFilter): Promise<number> {
    return this.table.count(this.inboxRepo, filter);
  }

  /** One row, whole, or null; with `manager`, read in the caller's transaction. */
  async inboxMessage(id: number, manager?: EntityManager): Promise<Message | null> {
    const repo = manager ? manager.getRepository<E>(this.inboxRepo.target) : this.inboxRepo;
    const found = await repo.findOneBy({ id } as FindOptionsWhere<E>);
    return found && this.toInboxMessage(found);
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such row. */
  markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    return this.table.mark(manager ?? this.inboxRepo.manager, id, marks);
  }
}
