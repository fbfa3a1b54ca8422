/**
 * `npm run test:resilience`: the production build (api/dist/main.js) run as child processes and
 * driven over loopback HTTP: database outage, load, SIGKILL during an import and a restore.
 * Same transform as the API's unit and integration tests; one test file at a time so the load
 * figures are not shared with another file, each in a fresh worker process (a worker is recycled
 * after every file): a file that opens PGlite in the test process with a dynamic import after
 * another file did so in the same process failed inside jest's module loader ("reading
 * 'identifier'"), so no file inherits another's loaded modules.
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/resilience'],
  // The resilience tests start the built API on folders of their own: no template database.
  globalSetup: undefined,
  globalTeardown: undefined,
  // The built API runs in child processes at the production password cost.
  setupFilesAfterEnv: [],
  testTimeout: 180000,
  maxWorkers: 1,
  workerIdleMemoryLimit: '1MB',
};
