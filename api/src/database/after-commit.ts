import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';

const PENDING = 'afterCommit';

type Pending = Map<string | symbol, () => void>;

/**
 * Runs `work` once the caller's transaction has committed, and never if it rolls back: what must
 * not happen for a change that may still be undone (a delivery job for a queued e-mail, clearing
 * the public answers after a stock change). Without a transaction (no manager, or one outside a
 * transaction) it runs at once. Work given the same `key` in one transaction runs once.
 */
export function afterCommit(manager: EntityManager | undefined, work: () => void, key?: string): void {
  const runner = manager?.queryRunner;
  if (!manager || !runner?.isTransactionActive) {
    work();
    return;
  }
  listen(manager.connection);
  const pending = (runner.data[PENDING] ??= new Map()) as Pending;
  const id = key ?? Symbol('work');
  if (!pending.has(id)) pending.set(id, work);
}

const listening = new WeakSet<DataSource>();

/** One subscriber per data source runs (or drops) what its transactions left for the commit. */
function listen(dataSource: DataSource): void {
  if (listening.has(dataSource)) return;
  listening.add(dataSource);
  dataSource.subscribers.push(new AfterCommit());
}

class AfterCommit implements EntitySubscriberInterface {
  /** TypeORM: a transaction committed (a savepoint's release is not the commit: the runner is still in it). */
  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    for (const work of take(event.queryRunner)) work();
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    take(event.queryRunner);
  }
}

function take(runner: QueryRunner): Array<() => void> {
  const pending = runner.data[PENDING] as Pending | undefined;
  if (runner.isTransactionActive || !pending) return [];
  delete runner.data[PENDING];
  return [...pending.values()];
}
