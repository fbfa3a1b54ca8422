import { Column, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { Varchar } from '../common/typed-columns';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ConflictError } from '../common/domain-errors';
import { InboxMarkColumns } from './inbox-marks.columns';
import { CreatedRow } from './row.columns';

/**
 * The columns of a message someone sends from a public form into the owner's inbox (contact
 * messages, event inquiries): who sent it, when, the owner's marks and the sender's offline key.
 * Each table extends it with what its form asks.
 */
export abstract class InboxMessageColumns extends CreatedRow {
  @Varchar(100) name: string;
  @Varchar(254) email: string;

  /** The owner's inbox marks (read_at, archived_at). */
  @Column(() => InboxMarkColumns, { prefix: false }) inbox: InboxMarkColumns;

  /** The id the sender's device made for it (its offline outbox entry), when it came with one: the same key again is answered, not stored twice. */
  @Varchar(64, { nullable: true, unique: true }) idempotencyKey: string | null;
}

/**
 * Stores a message from a public form and, in the same transaction, queues its e-mails (`mail`).
 * With an idempotency key (a message kept on the device while offline and sent again when the
 * network is back), the same key again stores and mails nothing: when every field of the stored
 * message equals the one sent, it is answered as the first time; another message under that key is
 * refused (409, `refusal`), never taken for it.
 */
export async function storeInboxMessageOnce<E extends InboxMessageColumns>(
  repo: Repository<E>,
  fields: Omit<QueryDeepPartialEntity<E>, 'idempotencyKey'>,
  key: string | null,
  options: { refusal: string; mail: (m: EntityManager) => Promise<void> },
): Promise<void> {
  const byKey = { idempotencyKey: key } as FindOptionsWhere<E>;
  const replay = (earlier: E) => {
    if (!Object.entries(fields).every(([field, value]) => earlier[field as keyof E] === value))
      throw new ConflictError(options.refusal, 'IDEMPOTENCY_KEY_REUSED');
  };
  const earlier = key ? await repo.findOneBy(byKey) : null;
  if (earlier) return replay(earlier);
  const stored = await repo.manager.transaction(async (m) => {
    // A concurrent request with the same key that committed first leaves no row here (the unique index).
    const inserted = await m
      .createQueryBuilder()
      .insert()
      .into(repo.target)
      .values({ ...fields, idempotencyKey: key })
      .orIgnore()
      .returning('id')
      .execute();
    if (!(inserted.raw as unknown[]).length) return false;
    await options.mail(m);
    return true;
  });
  if (!stored) replay(await repo.findOneByOrFail(byKey));
}
