/**
 * `npm run test:resilience`: the production build (api/dist/main.js) run as child processes and
 * driven over loopback HTTP: database outage, load, SIGKILL during an import and a restore.
 * Same transform as the API's unit and integration tests; run in band so the load figures are not
 * shared with another test file.
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/resilience'],
  testTimeout: 180000,
};
