import { Pool } from 'pg';
import { expectReparsedAfterSchemaChange } from '../test/kept-plans';
import { NamedStatementsClient } from './named-statements';

/** On a PostgreSQL server (TEST_DATABASE_URL): what the app's connections do with statements that take parameters. */
describe('NamedStatementsClient', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: NamedStatementsClient });
  });
  afterAll(() => pool.end());

  const prepared = async (client: { query: Pool['query'] }) =>
    ((await client.query(`SELECT statement FROM pg_prepared_statements`)).rows as { statement: string }[]).map((r) => r.statement);

  it('prepares a text with parameters once on its connection and binds to it after, in both calling styles', async () => {
    const client = await pool.connect();
    try {
      for (let n = 0; n < 3; n++) expect((await client.query('SELECT $1::int * 2 AS twice', [n])).rows).toEqual([{ twice: n * 2 }]);
      const rows = await new Promise<unknown[]>((resolve, reject) =>
        client.query('SELECT $1::int * 2 AS twice', [5], (err: Error | null, res) => (err ? reject(err) : resolve(res.rows))),
      );
      expect(rows).toEqual([{ twice: 10 }]);
      expect((await prepared(client)).filter((s) => s === 'SELECT $1::int * 2 AS twice')).toHaveLength(1);
      // Without parameters nothing is kept (a text may hold several statements).
      await client.query('SELECT 1 AS one');
      expect(await prepared(client)).not.toContain('SELECT 1 AS one');
    } finally {
      client.release();
    }
  });

  it('after a schema change under a kept plan refuses the statement once, then parses it again', async () => {
    const client = await pool.connect();
    try {
      await expectReparsedAfterSchemaChange((sql, params) => client.query(sql, params), 'CREATE TEMP TABLE shifting (a int)');
    } finally {
      client.release();
    }
  });
});
