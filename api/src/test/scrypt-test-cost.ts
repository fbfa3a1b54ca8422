import crypto from 'node:crypto';

/**
 * Jest setup: every spec signs in, registers or checks passwords, and at the production cost
 * (scrypt N=2^15) each check takes 0.1-0.5 s of a core; the API suite spends minutes on them.
 * Outside the password hasher's own spec, scrypt runs with N at most 2^10. A stored hash still
 * names the production parameters, and hashing and checking both go through this, so every
 * answer (right, wrong, malformed, unknown user) is the one production gives. The hasher's spec
 * runs at the real cost, which proves the parameters fit scrypt's memory limit.
 */
const TEST_N = 1024;
const real = crypto.scrypt;

if (!expect.getState().testPath?.endsWith('password.hasher.spec.ts')) {
  crypto.scrypt = ((...args: Parameters<typeof real>) => {
    const [password, salt, keylen, options, callback] = args as [crypto.BinaryLike, crypto.BinaryLike, number, crypto.ScryptOptions, never];
    return real(password, salt, keylen, { ...options, N: Math.min(options.N ?? TEST_N, TEST_N) }, callback);
  }) as typeof real;
  // Core modules are shared by the spec files a worker runs in turn.
  afterAll(() => {
    crypto.scrypt = real;
  });
}
