// @ts-check
/**
 * `npm run lint` (and the first step of `npm test`). Type-aware rules for the three workspaces'
 * sources, a lighter untyped pass over scripts, configs, the resilience suite and e2e, and the
 * layering of both apps as boundaries rules:
 * - PWA: app → features → ui / lib; a feature reaches another feature only through its index.ts,
 *   and only a feature on a lower floor of PWA_FEATURE_FLOORS, so features never import in a circle.
 * - API, from the top down: app files (main, app factory and module, large-seed main, static shell)
 *   → back office (the owner's views joining several domains) and seed → domain modules → payments
 *   (card payments of every kind: square, settings and jobs only) → common, database and
 *   state-machine (infrastructure) → config and database-pool (the ground: nothing of ours).
 *   A module reaches another module only through its public surface (module, service, gateway,
 *   constants, types files), never its entities (tables) or controllers; no domain module imports
 *   the back office, the seed or an app file; infrastructure imports no domain module.
 * Tests (specs, doubles, fixtures, test helpers) are outside the layering: they arrange and read
 * any module's data. Production code never imports them (no-restricted-imports below).
 * No --cache: type-aware results of one file depend on others, which ESLint's cache does not track.
 */
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TYPED = ['api/src/**/*.{ts,tsx}', 'shared-types/src/**/*.ts', 'pwa/src/**/*.{ts,tsx}', 'pwa/vite.config.ts'];
const TESTS = [
  '**/*.spec.{ts,tsx}',
  '**/*.double.ts',
  '**/*.fixtures.ts',
  'api/src/test/**',
  'pwa/src/test/**',
  'pwa/src/features/*/test/**',
  'api/resilience/**',
  'e2e/**',
];

/**
 * The PWA's features from the ground up: a feature imports (through its index.ts) only features on
 * floors below its own, so no two features import each other, even through a third. A feature
 * missing here imports ui and lib only; give a new one its floor.
 */
const PWA_FEATURE_FLOORS = [
  ['auth', 'cart', 'live', 'payment'],
  ['bookings', 'catalogue', 'order-ahead', 'orders'],
  ['account', 'content', 'events'],
  ['checkout', 'tracker'],
  ['admin'],
];

/** What another API module may import: its Nest module, services, gateways, constants and types. */
const API_PUBLIC_SURFACE = '*.{module,service,gateway,constants,types}.ts';
/** The API's infrastructure and its ground: what every room above may import. */
const API_INFRA = ['api-infra', 'api-config', 'api-pool'];

export default defineConfig(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/dev-dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  {
    // A disable comment that no longer silences anything is itself a finding.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value dropped on purpose (`const { at: _at, ...rest } = row`).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: TYPED,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A library callback's error is `unknown`; a promise wrapping the callback rejects with it
      // unchanged, so its class (MulterError, QueryFailedError) still decides what follows.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Untyped: these are not in a tsconfig project (scripts, configs) or run in another process
    // against the build (resilience, e2e); the TypeScript ones are still parsed as TypeScript.
    files: ['**/*.{mjs,cjs,js}', 'e2e/**/*.ts', 'playwright.config.ts', 'api/resilience/**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Its page functions run in the browser (Playwright's page.evaluate / addInitScript).
    files: ['scripts/bench-offline-start.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs', 'api/jest.config.js', 'shared-types/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Choice rows wrap their radio and its text in a label, the text two spans deep for layout.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // The API's e-mail templates (react-email) are checked like the PWA's markup; react-email's
    // Img, Link and Button render img and a.
    files: ['api/src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    settings: { 'jsx-a11y': { components: { Img: 'img', Link: 'a', Button: 'a' } } },
  },
  {
    files: ['shared-types/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'express', 'react', 'react-dom', '@ionic/*', '@tanstack/*'],
              message: 'shared-types is imported by both sides: it imports neither Nest nor React',
            },
          ],
        },
      ],
    },
  },
  {
    // Test doubles, fixtures and test helpers never reach a production build.
    files: ['api/src/**/*.{ts,tsx}', 'pwa/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.double', '**/*.fixtures', '**/test/*', '**/fixtures/*'], message: 'Test doubles and fixtures are for tests only' }] },
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      // supertest's `res.body`, jest's mocks and fetch doubles are `any` by design: a test reads the
      // JSON it then asserts on, and an assertion fails where a shape is wrong.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Doubles implement Promise-returning interfaces (fetch, services) with plain `async` methods.
      '@typescript-eslint/require-await': 'off',
      // `expect(service.method).toHaveBeenCalled()` passes a method without calling it.
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // --- Layering ----------------------------------------------------------------------------------
  {
    // No file imports itself back through others (type-only imports aside). Tests import freely
    // and nothing imports them, so they close no circle.
    files: ['pwa/src/**/*.{ts,tsx}', 'shared-types/src/**/*.ts'],
    ignores: TESTS,
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}', 'api/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'pwa-app', pattern: 'pwa/src/app', partialMatch: false },
        { type: 'pwa-feature', pattern: 'pwa/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'pwa-ui', pattern: 'pwa/src/ui', partialMatch: false },
        { type: 'pwa-lib', pattern: 'pwa/src/lib', partialMatch: false },
        // The owner's views that join several domains, and the demo and large seeds: above the domains.
        { type: 'api-back-office', pattern: 'api/src/back-office', partialMatch: false },
        { type: 'api-seed', pattern: 'api/src/seed', partialMatch: false },
        { type: 'api-infra', pattern: 'api/src/(common|database|state-machine)', capture: ['module'], partialMatch: false },
        // Card payments of every kind: on the floor below the domains that take them.
        { type: 'api-payments', pattern: 'api/src/payments', partialMatch: false },
        // The ground: the parsed environment and the database pool's token; they import nothing of ours.
        { type: 'api-config', pattern: 'api/src/config', partialMatch: false },
        { type: 'api-pool', pattern: 'api/src/database-pool', partialMatch: false },
        { type: 'api-module', pattern: 'api/src/*', capture: ['module'], partialMatch: false },
        // The files directly in api/src (app factory and module, main, large-seed main, static shell): the composition root.
        { type: 'api-app', pattern: 'api/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Layering: {{from.element.type}} {{from.element.path}} may not import {{dependency.source}} ({{to.element.type}} {{to.element.path}}); the allowed directions are listed at the top of eslint.config.mjs',
          policies: [
            // PWA
            {
              from: { element: { type: 'pwa-app' } },
              // The router lazy-loads each page by its own path, so every route is its own chunk.
              allow: { to: { element: { type: ['pwa-feature', 'pwa-ui', 'pwa-lib'] } } },
            },
            { from: { element: { type: 'pwa-feature' } }, allow: { to: { element: { type: ['pwa-ui', 'pwa-lib'] } } } },
            ...PWA_FEATURE_FLOORS.slice(1).map((floor, below) => ({
              from: { element: { type: 'pwa-feature', captured: { feature: floor } } },
              allow: {
                to: { element: { type: 'pwa-feature', captured: { feature: PWA_FEATURE_FLOORS.slice(0, below + 1).flat() }, fileInternalPath: 'index.ts' } },
              },
            })),
            { from: { element: { type: 'pwa-ui' } }, allow: { to: { element: { type: 'pwa-lib' } } } },
            // API
            {
              from: { element: { type: 'api-app' } },
              // The composition root wires modules together; still no tables and no controllers.
              allow: [
                { to: { element: { type: ['api-app', 'api-back-office', 'api-seed', ...API_INFRA] } } },
                { to: { element: { type: ['api-module', 'api-payments'], fileInternalPath: '!*.{entity,controller}.ts' } } },
              ],
            },
            {
              // Reads the domains only through what their services export.
              from: { element: { type: 'api-back-office' } },
              allow: [{ to: { element: { type: API_INFRA } } }, { to: { element: { type: 'api-module', fileInternalPath: API_PUBLIC_SURFACE } } }],
            },
            {
              // Not the back office, the seed nor an app file: a domain stands below them.
              from: { element: { type: 'api-module' } },
              allow: [
                { to: { element: { type: API_INFRA } } },
                { to: { element: { type: ['api-module', 'api-payments'], fileInternalPath: API_PUBLIC_SURFACE } } },
              ],
            },
            {
              // Below the domains that take payments: none of them, only what it charges and refunds through.
              from: { element: { type: 'api-payments' } },
              allow: [
                { to: { element: { type: [...API_INFRA, 'api-payments'] } } },
                { to: { element: { type: 'api-module', captured: { module: ['square', 'settings', 'jobs'] }, fileInternalPath: API_PUBLIC_SURFACE } } },
              ],
            },
            {
              from: { element: { type: 'api-infra' } },
              allow: { to: { element: { type: API_INFRA } } },
            },
            // api-config and api-pool import nothing of ours: no policy allows them anything.
            {
              // The demo and large seeds write the first rows of several modules' tables in one
              // transaction, as the migrations create those tables: entities are their input.
              from: { element: { type: 'api-seed' } },
              allow: [
                { to: { element: { type: API_INFRA } } },
                { to: { element: { type: 'api-module', fileInternalPath: [API_PUBLIC_SURFACE, '*.entity.ts', 'password.hasher.ts'] } } },
              ],
            },
          ],
        },
      ],
    },
  },
);
