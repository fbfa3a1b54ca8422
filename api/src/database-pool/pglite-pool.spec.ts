import { expectReparsedAfterSchemaChange } from '../test/kept-plans';
import { PGlitePool } from './pglite-pool';

describe('PGlitePool', () => {
  let pool: PGlitePool;

  beforeAll(async () => {
    pool = await PGlitePool.open('memory://');
    await pool.query('CREATE TABLE tally (n int NOT NULL)');
  });

  afterAll(() => pool.end());

  beforeEach(() => pool.query('DELETE FROM tally'));

  it('holds the one session for a client: a concurrent query waits until the transaction ends', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO tally (n) VALUES ($1)', [1]);
    const outside = pool.query('SELECT count(*)::int AS n FROM tally');
    await client.query('ROLLBACK');
    client.release();
    // Run inside the transaction, the count would have seen the rolled-back row.
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('answers a date column as its day, whatever zone the process runs in', async () => {
    const zone = process.env.TZ;
    // West of UTC, a Date at UTC midnight is the evening before: a booking on the 3rd read back as the 2nd.
    process.env.TZ = 'Etc/GMT+12';
    try {
      // With parameters (the extended protocol) and without (the simple one, as TypeORM sends a find without conditions).
      const { rows } = await pool.query(`SELECT $1::date AS day, '2027-01-03'::date AS literal`, ['2027-01-03']);
      expect(rows).toEqual([{ day: '2027-01-03', literal: '2027-01-03' }]);
      expect((await pool.query(`SELECT '2027-01-03'::date AS day`)).rows).toEqual([{ day: '2027-01-03' }]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes values as node-postgres does and reads them back typed: numbers, text, JSON, instants, arrays, null', async () => {
    const at = new Date('2027-01-03T12:34:56.789Z');
    const { rows } = await pool.query(`SELECT $1::int AS n, $2::text AS t, $3::jsonb AS j, $4::timestamptz AS at, $5::int[] AS list, $6::text AS none`, [
      7,
      "it's",
      JSON.stringify({ a: [1, 'b'] }),
      at,
      [1, 2],
      null,
    ]);
    expect(rows).toEqual([{ n: 7, t: "it's", j: { a: [1, 'b'] }, at, list: [1, 2], none: null }]);
  });

  it('prepares a text once and binds to it after, and a statement refused the first time works the next', async () => {
    const prepared = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM tally WHERE n >%'`)).rows[0].n as number;
    const before = await prepared();
    for (let i = 0; i < 3; i++) await pool.query('SELECT count(*)::int AS c FROM tally WHERE n > $1', [i]);
    expect(await prepared()).toBe(before + 1);
    await expect(pool.query('INSERT INTO tally (n) VALUES ($1)', [null])).rejects.toMatchObject({ code: '23502' });
    await pool.query('INSERT INTO tally (n) VALUES ($1)', [5]);
    expect((await pool.query('SELECT count(*)::int AS c FROM tally WHERE n > $1', [1])).rows).toEqual([{ c: 1 }]);
  });

  it('keeps at most 500 statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 600; i++) await pool.query(`SELECT $1::int + ${i} AS n`, [1]);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    expect(rows[0].n).toBeLessThanOrEqual(501);
    expect((await pool.query(`SELECT $1::int + 0 AS n`, [1])).rows).toEqual([{ n: 1 }]);
  });

  it('forgets its statements when the schema changes what one answers, so the next use works', async () => {
    await expectReparsedAfterSchemaChange((sql, params) => pool.query(sql, params), 'CREATE TABLE shifting (a int)');
  });

  it('opens a transaction with its first statement: rolled back it leaves nothing, and an opening never followed starts none', async () => {
    const client = await pool.connect();
    await client.query('START TRANSACTION');
    await client.query('INSERT INTO tally (n) VALUES ($1)', [1]);
    expect((await client.query('SELECT count(*)::int AS n FROM tally')).rows).toEqual([{ n: 1 }]);
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    await client.query('COMMIT');
    await client.query('BEGIN');
    client.release();
    const next = await pool.connect();
    try {
      await next.query('INSERT INTO tally (n) VALUES ($1)', [2]);
      // Had the last opening reached the engine, this would roll the row back.
      await next.query('ROLLBACK');
    } finally {
      next.release();
    }
    expect((await pool.query('SELECT n FROM tally')).rows).toEqual([{ n: 2 }]);
  });

  it('hands the session over in the order it was asked for', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => pool.query('INSERT INTO tally (n) VALUES ($1)', [i])));
    const { rows } = await pool.query('SELECT array_agg(n ORDER BY ctid) AS ns FROM tally');
    expect(rows[0].ns).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('lets the rest of the process run while holders queue, so a queue of transactions cannot starve answers that need no database', async () => {
    // PGlite answers through promises only: without a turn of the event loop between holders,
    // a queue that never empties (buyers under load) would keep timers and sockets waiting.
    const order: string[] = [];
    const transactions = Array.from({ length: 200 }, async (_, i) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO tally (n) VALUES ($1)', [i]);
        await client.query('COMMIT');
        order.push(`transaction ${i}`);
      } finally {
        client.release();
      }
    });
    setImmediate(() => order.push('another task'));
    await Promise.all(transactions);
    expect(order).toHaveLength(201);
    // 200 transactions of three statements take far longer than one burst between two turns.
    expect(order.indexOf('another task')).toBeLessThan(100);
  });

  it('refuses new clients once ended', async () => {
    const other = await PGlitePool.open('memory://');
    await other.end();
    await expect(other.connect()).rejects.toThrow('Pool has ended');
  });
});
