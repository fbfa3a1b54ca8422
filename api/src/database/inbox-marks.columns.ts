import type { InboxFilter, InboxMarks } from '@cocoa/shared-types';
import { Column } from 'typeorm';

/**
 * The owner's inbox marks, one column group embedded in every table whose rows the inbox lists
 * (contact messages, event inquiries, booking requests): `read_at` and `archived_at`, null while
 * unread or in the inbox. Each module queries its own table with the SQL below; the text is
 * constant (no input in it).
 */
export class InboxMarkColumns {
  /** When the owner read it in the inbox; null while unread. */
  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** When the owner archived it; null while it is in the inbox. */
  @Column({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null;
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
