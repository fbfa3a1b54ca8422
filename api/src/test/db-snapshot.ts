import type { DataSource } from 'typeorm';
import { RATE_LIMIT_TABLE } from '../common/rate-limit.guard';

/**
 * Every row of every table in the public schema, as text, for "this request changed nothing"
 * assertions. Rows are ordered by their own text, so the snapshot does not depend on plan order.
 *
 * The rate-limit counters are left out: counting refused requests is what they are for.
 *
 * One column is left out: `session.expire`. express-session touches the expiry of a signed-in
 * caller's session on every request it makes (connect-pg-simple's touch updates only that column),
 * so it moves with any request, good or bad. The session rows themselves (ids and contents) stay
 * in: a bad request that signed someone in or out would still show.
 *
 * Likewise the outbox's delivery columns (status, attempts, sent_at, last_error, and the subject
 * and bodies its first attempt writes out): the job queue delivers messages queued earlier in the
 * background, which is not what a "changed nothing" check is about. A message a refused request queued would still show as a new row.
 *
 * `leaveOut` names tables a check expects to change (the record of a Square event taken and found
 * to change nothing else).
 */
export async function databaseSnapshot(dataSource: DataSource, leaveOut: readonly string[] = []): Promise<string> {
  const tables: { name: string }[] = await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name === RATE_LIMIT_TABLE || leaveOut.includes(name)) continue;
    const row =
      name === 'session'
        ? `(to_jsonb(t) - 'expire')::text`
        : name === 'mail_outbox'
          ? `(to_jsonb(t) - 'status' - 'attempts' - 'sent_at' - 'last_error' - 'subject' - 'body_text' - 'body_html')::text`
          : `to_jsonb(t)::text`;
    const rows: { row: string }[] = await dataSource.query(`SELECT ${row} AS row FROM "${name}" t ORDER BY 1`);
    parts[name] = rows.map((r) => r.row);
  }
  return JSON.stringify(parts);
}
