import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
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
/** A browser's push service (e2e/push-double.mjs): its HTTPS endpoints, and a plain side port where the specs read what it received. */
export const PUSH_SERVICE_ORIGIN = 'https://127.0.0.1:4314';
export const PUSH_RECORDS_URL = 'http://127.0.0.1:4315';
/** The mail server of the shop connected to Square (e2e/smtp-double.mjs): it takes every message. */
const SMTP_DOUBLE_PORT = 4316;
// Set once in the main process; the workers inherit it.
process.env.COCOA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cocoa-e2e-'));
process.env.COCOA_E2E_SQUARE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cocoa-e2e-square-'));
process.env.COCOA_E2E_PUSH_DIR ??= mkdtempSync(join(tmpdir(), 'cocoa-e2e-push-'));
const PUSH_KEY = join(process.env.COCOA_E2E_PUSH_DIR, 'key.pem');
/** The push service's certificate: the API under test trusts it through OUTBOUND_EXTRA_CA, nothing else about https is relaxed. */
const PUSH_CERT = join(process.env.COCOA_E2E_PUSH_DIR, 'cert.pem');
// Made before any server starts (the API reads OUTBOUND_EXTRA_CA once, at start), with the openssl
// command (Node has no certificate generator): self-signed P-256 for 127.0.0.1, valid for a day.
if (!existsSync(PUSH_CERT)) {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=e2e-push-service', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', PUSH_KEY, '-out', PUSH_CERT],
    ],
    { stdio: 'ignore' },
  );
}

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
    // As a person who asks for less motion: the admin's Ionic dialogs, toasts and segments then
    // appear and go without animating (docs/admin.md), so no step waits on an animation.
    reducedMotion: 'reduce',
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
      // the push service of the phone that follows its pickup order (e2e/order-ahead.spec.ts)
      command: `node e2e/push-double.mjs`,
      url: `${PUSH_RECORDS_URL}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: {
        PUSH_DOUBLE_PORT: new URL(PUSH_SERVICE_ORIGIN).port,
        PUSH_DOUBLE_RECORDS_PORT: new URL(PUSH_RECORDS_URL).port,
        PUSH_DOUBLE_KEY: PUSH_KEY,
        PUSH_DOUBLE_CERT: PUSH_CERT,
      },
    },
    {
      // the mail server of the shop connected to Square: the go-live checklist's test e-mail (e2e/go-live.spec.ts)
      command: `node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON e2e/smtp-double.mjs`,
      port: SMTP_DOUBLE_PORT,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { SMTP_DOUBLE_PORT: String(SMTP_DOUBLE_PORT) },
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
        // Web Push reaches the local push service: its address allowed, its certificate trusted.
        OUTBOUND_ALLOWLIST: new URL(PUSH_SERVICE_ORIGIN).hostname,
        OUTBOUND_EXTRA_CA: PUSH_CERT,
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
        SMTP_URL: `smtp://127.0.0.1:${SMTP_DOUBLE_PORT}`,
        TILE_URL: `http://localhost:${TILE_PORT}/tiles/{z}/{x}/{y}.png`,
        GEOCODER_URL: `http://localhost:${TILE_PORT}/geocoder`,
      },
    },
  ],
});
