/** @swc/jest with decorator metadata; Nest 12 and file-type ship ESM, so they are transformed too. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  // *.postgres.spec.ts need a PostgreSQL server (several processes on one database).
  testPathIgnorePatterns: process.env.TEST_DB === 'postgres' ? ['/node_modules/'] : ['/node_modules/', '\\.postgres\\.spec\\.ts$'],
  testTimeout: 60000,
  // One migrated PGlite directory (or PostgreSQL database) per run; each test app starts on a copy (src/test/pglite-template.ts).
  globalSetup: '<rootDir>/src/test/pglite-template.ts',
  globalTeardown: '<rootDir>/src/test/pglite-template.teardown.ts',
  // Password checks at a test cost, but for the hasher's own spec (src/test/scrypt-test-cost.ts).
  setupFilesAfterEnv: ['<rootDir>/src/test/scrypt-test-cost.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // The e-mail templates (mail/templates/*.tsx): React's automatic runtime, as tsconfig's "jsx": "react-jsx".
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|peek-readable|@tokenizer|uint8array-extras|@borewit|pg-boss|serialize-error|non-error)/)',
  ],
  // A rule file loaded on its own (`@cocoa/shared-types/password-checker`) comes from source too.
  moduleNameMapper: { '^@cocoa/shared-types$': '<rootDir>/../shared-types/src/index.ts', '^@cocoa/shared-types/(.+)$': '<rootDir>/../shared-types/src/$1.ts' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};
