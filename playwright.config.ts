import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests of the production build (`npm run build` first) served by the API, in Debian's
 * Chromium on a phone-sized window. Each run gets a fresh data directory, so a fresh seeded database.
 */
const PORT = 4310;
/** The servers' SHOP_TIME_ZONE: its default, as none of them sets one. */
const SHOP_TIME_ZONE = 'America/Chicago';
const TILE_PORT = 4311;
/** A second shop connected to Square (a local double of Square's API the back-office test starts). */
export const SQUARE_SHOP_PORT = 4312;
export const SQUARE_DOUBLE_PORT = 4313;
// Set once in the main process; the workers inherit it.
process.env.COCOA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cocoa-e2e-'));
process.env.COCOA_E2E_SQUARE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cocoa-e2e-square-'));

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    // The visitor's phone is where the cart is: in the shop's zone (the servers below keep its default).
    // The test runner itself may be elsewhere: scripts/test.mjs runs it in a zone on another date.
    timezoneId: SHOP_TIME_ZONE,
  },
  projects: [
    {
      name: 'phone-chromium',
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
    },
  ],
  webServer: [
    {
      // map tiles for the tracker test (TILE_URL below)
      command: `node e2e/tile-double.mjs`,
      url: `http://localhost:${TILE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { TILE_DOUBLE_PORT: String(TILE_PORT) },
    },
    {
      command: 'node api/dist/main.js',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.COCOA_E2E_DATA_DIR,
        ADMIN_PASSWORD: 'admin-e2e-pass',
        NODE_ENV: 'production',
        // Every e2e checkout counts toward the per-address checkout limit.
        RATE_LIMIT_MAX: '100000',
        TILE_URL: `http://localhost:${TILE_PORT}/tiles/{z}/{x}/{y}.png`,
        // no outside geocoder in tests
        GEOCODER_URL: `http://localhost:${TILE_PORT}/geocoder`,
      },
    },
    {
      // The same build connected to Square, whose API is a local double (e2e/back-office.spec.ts
      // starts it): payments and refunds go through the real SDK to it.
      command: 'node api/dist/main.js',
      url: `http://localhost:${SQUARE_SHOP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(SQUARE_SHOP_PORT),
        DATA_DIR: process.env.COCOA_E2E_SQUARE_DATA_DIR,
        ADMIN_PASSWORD: 'admin-e2e-pass',
        NODE_ENV: 'production',
        RATE_LIMIT_MAX: '100000',
        SQUARE_MODE: 'sandbox',
        SQUARE_ACCESS_TOKEN: 'EAAAl-e2e-square-token',
        SQUARE_LOCATION_ID: 'LOC-MAIN',
        SQUARE_BASE_URL: `http://127.0.0.1:${SQUARE_DOUBLE_PORT}`,
        PUBLIC_URL: `http://localhost:${SQUARE_SHOP_PORT}`,
        TILE_URL: `http://localhost:${TILE_PORT}/tiles/{z}/{x}/{y}.png`,
        GEOCODER_URL: `http://localhost:${TILE_PORT}/geocoder`,
      },
    },
  ],
});
