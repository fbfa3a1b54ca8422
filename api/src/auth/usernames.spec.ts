import { useTestApp } from '../test/test-app';

const INVISIBLE = 'Username must not contain invisible or control characters';
const TAKEN = 'That username is already taken';

/** User names cannot pose as another (NFKC, case folding) or hide characters (controls, format characters). */
describe('user names', () => {
  const t = useTestApp();
  let n = 0;

  const register = (username: string) => {
    n += 1;
    return t
      .agent()
      .post('/api/register')
      .send({ username, email: `names${n}@example.com`, password: 'secret-pass-1' });
  };
  const count = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM users'))[0].n);

  it('are stored NFKC-normalised: full-width and styled letters become the plain ones', async () => {
    const res = await register('Ｃｏｃｏａ　Ｆａｎ');
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('Cocoa Fan');
    const [row] = await t.dataSource.query(`SELECT username FROM users WHERE id = $1`, [res.body.id]);
    expect(row.username).toBe('Cocoa Fan');
    // Typed either way, the name signs in.
    for (const typed of ['Cocoa Fan', 'ＣＯＣＯＡ　ＦＡＮ'])
      expect((await t.agent().post('/api/login').send({ username: typed, password: 'secret-pass-1' })).status).toBe(200);
  });

  it.each([
    ['a zero-width space (U+200B)', 'cocoa\u200Blover'],
    ['a right-to-left override (U+202E)', 'admin\u202Enimda'],
    ['a zero-width joiner (U+200D)', 'mo\u200Dcha'],
    ['a soft hyphen (U+00AD)', 'ca\u00ADcao'],
    ['a byte-order mark inside (U+FEFF)', 'coc\uFEFFoa'],
    ['a bell (U+0007)', 'cocoa\u0007'],
    ['a tab', 'cocoa\tlover'],
    ['a line separator (U+2028)', 'cocoa\u2028lover'],
    ['a private-use character (U+E000)', 'cocoa\uE000'],
  ])('refuse %s with a message, storing nothing', async (_what, username) => {
    const before = await count();
    const res = await register(username);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVISIBLE);
    expect(await count()).toBe(before);
  });

  it('refuse a look-alike of a taken name (after NFKC and case folding) as taken', async () => {
    expect((await register('milkshake')).status).toBe(201);
    for (const lookAlike of ['MILKSHAKE', 'ＭＩＬＫＳＨＡＫＥ', 'ｍilkshake', 'ℳilkshake', 'milkshake\u3000']) {
      const before = await count();
      const res = await register(lookAlike);
      expect([lookAlike, res.status, res.body.message]).toEqual([lookAlike, 409, TAKEN]);
      expect(await count()).toBe(before);
    }
  });

  it('compare with names kept from before they were normalised, and let those still sign in', async () => {
    // As a name registered before this rule: stored full-width.
    await t.dataSource.query(
      `INSERT INTO users (username, email, password_hash) SELECT 'ｍｏｃｈａ', 'legacy@example.com', password_hash FROM users WHERE username = 'milkshake'`,
    );
    const res = await register('Mocha');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TAKEN);
    expect((await t.agent().post('/api/login').send({ username: 'ｍｏｃｈａ', password: 'secret-pass-1' })).status).toBe(200);
    // Had a plain 'mocha' been registered too back then, each signs in as typed.
    await t.dataSource.query(`INSERT INTO users (username, email, password_hash) VALUES ('mocha', 'legacy2@example.com', 'scrypt$not$a$real$hash$x')`);
    const legacy = await t.agent().post('/api/login').send({ username: 'ｍｏｃｈａ', password: 'secret-pass-1' });
    expect([legacy.status, legacy.body.username]).toEqual([200, 'ｍｏｃｈａ']);
  });
});
