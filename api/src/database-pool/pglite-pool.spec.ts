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
