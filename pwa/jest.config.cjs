/** Component tests: jsdom + swc; Ionic and ionicons ship ESM, so they are transformed too. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
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
  transformIgnorePatterns: ['/node_modules/(?!(@ionic|@stencil|@lit|ionicons|idb-keyval)/)'],
  moduleNameMapper: {
    '^@cocoa/shared-types$': '<rootDir>/../shared-types/src/index.ts',
    '^@cocoa/shared-types/(.+)$': '<rootDir>/../shared-types/src/$1.ts',
    '^ionicons/components/(.*)$': '<rootDir>/../node_modules/ionicons/components/$1',
    '\\.(css)$': '<rootDir>/src/test/style-stub.cjs',
    '\\.(svg|png|webp|jpg|mp4)$': '<rootDir>/src/test/file-stub.cjs',
  },
};
