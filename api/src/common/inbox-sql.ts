import type { InboxFilter } from '@cocoa/shared-types';

/**
 * The SQL of the owner's inbox marks, for the tables that hold inbox messages (contact_messages,
 * event_inquiries: each has read_at and archived_at). Each module queries its own table with these;
 * the text is constant (no input in it).
 */

/** The condition an inbox state's filter (INBOX_FILTERS) puts on a message. */
export function inboxFilterSql(filter: InboxFilter): string {
  const parts = [`archived_at IS ${filter.archived ? 'NOT ' : ''}NULL`];
  if (filter.read !== undefined) parts.push(`read_at IS ${filter.read ? 'NOT ' : ''}NULL`);
  return parts.join(' AND ');
}

/** Marks to set (true) or clear (false); left out: unchanged. */
export interface InboxMarks {
  read?: boolean;
  archived?: boolean;
}

/** The SET list for `marks`; a mark set again keeps the time it was first set. */
export function inboxMarksSql(marks: InboxMarks): string {
  const sets: string[] = [];
  if (marks.read !== undefined) sets.push(marks.read ? 'read_at = COALESCE(read_at, now())' : 'read_at = NULL');
  if (marks.archived !== undefined) sets.push(marks.archived ? 'archived_at = COALESCE(archived_at, now())' : 'archived_at = NULL');
  if (!sets.length) throw new Error('inboxMarksSql: no mark to change');
  return sets.join(', ');
}
