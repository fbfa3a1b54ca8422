/** What runs a statement with parameters: a pool's or a client's `query`. */
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * A statement kept prepared across a schema change that alters what it answers: refused once
 * ("cached plan must not change result type"), then parsed again and answered. The table
 * `shifting` is made by the caller's `create` (a temporary one on a shared server, a plain one elsewhere).
 */
export async function expectReparsedAfterSchemaChange(query: Query, create: string): Promise<void> {
  await query(create);
  await query('INSERT INTO shifting (a) VALUES ($1)', [1]);
  expect((await query('SELECT * FROM shifting WHERE a = $1', [1])).rows).toEqual([{ a: 1 }]);
  await query('ALTER TABLE shifting ADD COLUMN b int');
  await expect(query('SELECT * FROM shifting WHERE a = $1', [1])).rejects.toThrow(/cached plan/);
  expect((await query('SELECT * FROM shifting WHERE a = $1', [1])).rows).toEqual([{ a: 1, b: null }]);
}
