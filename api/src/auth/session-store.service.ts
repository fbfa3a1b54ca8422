import type { EntityManager } from 'typeorm';
import { SESSION_TABLE } from './session.constants';

/** Where passport keeps the signed-in user's id inside a stored session (`serializeUser`: the id). */
const SIGNED_IN_USER = `(sess::jsonb #>> '{passport,user}')`;

/*
 * The stored sessions as rows: the one place that knows how express-session and passport lay them
 * out. Each function runs in the caller's transaction, so people are signed out in the same commit
 * as the change that signs them out (a new password, a restore).
 */

/** Signs an account out everywhere. */
export async function revokeUserSessions(manager: EntityManager, userId: number): Promise<void> {
  await manager.query(`DELETE FROM ${SESSION_TABLE} WHERE ${SIGNED_IN_USER} = $1`, [String(userId)]);
}

/** Ends every signed-in session whose user is not among `userIds`; anonymous sessions stay. */
export async function keepOnlyUsersSessions(manager: EntityManager, userIds: readonly number[]): Promise<void> {
  await manager.query(`DELETE FROM ${SESSION_TABLE} WHERE ${SIGNED_IN_USER} IS NOT NULL AND NOT (${SIGNED_IN_USER} = ANY($1::text[]))`, [userIds.map(String)]);
}

/** Ends every session of an account but one (the caller's own: "Sign out other devices"); how many ended. */
export async function revokeOtherSessions(manager: EntityManager, userId: number, keptSessionId: string): Promise<number> {
  const ended: unknown[] = await manager.query(
    `WITH ended AS (DELETE FROM ${SESSION_TABLE} WHERE ${SIGNED_IN_USER} = $1 AND sid <> $2 RETURNING sid) SELECT sid FROM ended`,
    [String(userId), keptSessionId],
  );
  return ended.length;
}
