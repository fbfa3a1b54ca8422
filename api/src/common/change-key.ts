import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { idempotencyKeySchema } from '@cocoa/shared-types';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import { ConflictError, UserInputError } from './domain-errors';

/**
 * The owner's changes replayed from the tablet's offline queue carry the id the
 * tablet made for each in the standard `Idempotency-Key` header (the admin's bodies differ per
 * change, and check-out has none, so a header rather than the public forms' body field).
 */
export const CHANGE_KEY_HEADER = 'idempotency-key';

/** The request's Idempotency-Key, checked as every idempotency key is; undefined when not sent. 400 when malformed. */
export const ChangeKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const raw = context.switchToHttp().getRequest<Request>().headers[CHANGE_KEY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new UserInputError(`Idempotency-Key: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'BAD_IDEMPOTENCY_KEY');
  return parsed.data;
});

/**
 * Claims `key` for a change inside that change's transaction: true the first time (make the
 * change), false when it was claimed before (the change was made: answer things as they are now).
 * A second request with the same key waits on the first one's row until it commits or rolls back,
 * so the two never both change. The same key used for another change (another scope) is refused.
 * Without a key, every request is a change of its own.
 */
export async function claimChangeKey(manager: EntityManager, key: string | undefined, scope: string): Promise<boolean> {
  if (!key) return true;
  const claimed: unknown[] = await manager.query(`INSERT INTO admin_change_keys (key, scope) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`, [
    key,
    scope,
  ]);
  if (claimed.length > 0) return true;
  const [earlier] = await manager.query<{ scope: string }[]>(`SELECT scope FROM admin_change_keys WHERE key = $1`, [key]);
  if (earlier && earlier.scope !== scope) throw new ConflictError('This Idempotency-Key was already used for another change', 'IDEMPOTENCY_KEY_REUSED');
  return false;
}
