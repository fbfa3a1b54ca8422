import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.hasher';

describe('password hashing (scrypt)', () => {
  it('stores parameters, a random salt and the key; never the password', async () => {
    const a = await hashPassword('cocoa-secret');
    const b = await hashPassword('cocoa-secret');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('cocoa-secret');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('cocoa-secret');
    expect(await verifyPassword('cocoa-secret', stored)).toBe(true);
    expect(await verifyPassword('cocoa-secret ', stored)).toBe(false);
    expect(await verifyPassword('Cocoa-secret', stored)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain-text', 'scrypt$1$2$3', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$c2FsdA==$a2V5', 'scrypt$16384$8$1$c2FsdA==$c2hvcnQ=']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('spends a check on unknown users and says no', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});
