import { useTestApp } from '../test/test-app';
import { afterCommit } from './after-commit';

describe('afterCommit: work that waits for the transaction to commit', () => {
  const t = useTestApp();

  it('runs after the commit, not before, and once per key', async () => {
    const ran: string[] = [];
    await t.dataSource.transaction(async (m) => {
      afterCommit(m, () => ran.push('mail 1'));
      afterCommit(m, () => ran.push('mail 2'));
      afterCommit(m, () => ran.push('clear'), 'clear');
      afterCommit(m, () => ran.push('clear again'), 'clear');
      await m.query('SELECT 1');
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['mail 1', 'mail 2', 'clear']);
  });

  it('never runs for a transaction that rolls back, and the next transaction starts clean', async () => {
    const ran: string[] = [];
    await expect(
      t.dataSource.transaction(async (m) => {
        afterCommit(m, () => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await t.dataSource.transaction(async (m) => {
      afterCommit(m, () => ran.push('committed'));
    });
    expect(ran).toEqual(['committed']);
  });

  it('waits for the outer commit: a savepoint released inside is not it', async () => {
    const ran: string[] = [];
    await t.dataSource.transaction(async (m) => {
      await m.transaction(async (inner) => {
        afterCommit(inner, () => ran.push('inner'));
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['inner']);
  });

  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(undefined, () => ran.push('now'));
    afterCommit(t.dataSource.manager, () => ran.push('no transaction'));
    expect(ran).toEqual(['now', 'no transaction']);
  });
});
