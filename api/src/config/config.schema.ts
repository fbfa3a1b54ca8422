import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rootCertificates } from 'node:tls';
import { z } from 'zod';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@cocoa/shared-types';
import { parseOutboundAllowlist } from './outbound-allowlist';

/** An optional setting where an empty value (`NAME=` in a .env file) counts as unset. */
const emptyAsUnset = (text: z.ZodString) => text.optional().transform((v) => (v ? v : undefined));

const optionalUrl = (name: string) => emptyAsUnset(z.string().trim()).refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);

/** An optional setting naming a file, read at start: `use` makes the value of its text (or adds an issue); unreadable is an issue. */
const optionalFile = <T>(use: (text: string, path: string, ctx: z.RefinementCtx) => T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((path, ctx) => {
      if (!path) return undefined;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` });
        return z.NEVER;
      }
      return use(text, path, ctx);
    });

/** The per-address ceiling per window when RATE_LIMIT_MAX is not set. */
export const RATE_LIMIT_MAX_DEFAULT = 100;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every setting the API reads, parsed once from the environment; nothing else reads process.env.
 * Defaults serve a fresh machine: embedded PGlite in ./data, mail to the outbox, test payments.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: emptyAsUnset(z.string().trim()).refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must start with postgres:// or postgresql://',
  ),
  /**
   * The embedded database's buffer pool in MB (PostgreSQL's shared_buffers; PGlite only): pages it
   * keeps in memory. PGlite zeroes it at every start, so a smaller one starts faster (test apps use 16).
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(128),
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  BACKUPS_DIR: z.string().trim().min(1).optional(),
  PWA_DIST: z.string().trim().min(1).optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'ADMIN_USERNAME must be at least 3 characters').default('admin'),
  ADMIN_EMAIL: z.string().trim().email('ADMIN_EMAIL must be an e-mail address').default('admin@cocoa.local'),
  /** The first admin's password follows the rule of every new password (password.ts; the list is checked when the admin is made). */
  ADMIN_PASSWORD: emptyAsUnset(z.string())
    .refine((v) => v === undefined || passwordLength(v) >= PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .refine((v) => v === undefined || passwordLength(v) <= PASSWORD_MAX_LENGTH, `ADMIN_PASSWORD must be at most ${PASSWORD_MAX_LENGTH} characters`),
  SESSION_SECRET: emptyAsUnset(z.string()).refine((v) => v === undefined || v.length >= 16, 'SESSION_SECRET must be at least 16 characters'),
  PUBLIC_URL: z.string().trim().url('PUBLIC_URL must be a URL such as https://shop.example.com').optional(),
  SQUARE_MODE: z.enum(['sandbox', 'production'], { message: 'SQUARE_MODE must be sandbox or production' }).default('sandbox'),
  SQUARE_BASE_URL: optionalUrl('SQUARE_BASE_URL'),
  SQUARE_ACCESS_TOKEN: emptyAsUnset(z.string()),
  SQUARE_LOCATION_ID: emptyAsUnset(z.string()),
  /** The OAuth application secret (sq0csp-…); without it the connection uses PKCE. */
  SQUARE_APPLICATION_SECRET: emptyAsUnset(z.string()),
  /** The signature key of the Square webhook subscription; without it every webhook is refused. */
  SQUARE_WEBHOOK_SIGNATURE_KEY: emptyAsUnset(z.string()),
  /** The notification URL exactly as registered with Square (it is part of what Square signs); default PUBLIC_URL + /api/square/webhooks. */
  SQUARE_WEBHOOK_URL: optionalUrl('SQUARE_WEBHOOK_URL'),
  /** A checkout still pending after this many seconds is settled by asking Square (longer than a whole checkout can take). */
  PAYMENT_RECONCILE_AFTER_S: positiveInt(300),
  /** How often the payment reconciler looks for such checkouts (also once at start; never in NODE_ENV=test). */
  PAYMENT_RECONCILE_INTERVAL_S: positiveInt(300),
  /** With Square connected, Square's stock counts are read every this many minutes (never in NODE_ENV=test; docs/operations.md). */
  SQUARE_INVENTORY_READ_MINUTES: z.coerce
    .number()
    .int()
    .min(1, 'SQUARE_INVENTORY_READ_MINUTES must be 1 to 59')
    .max(59, 'SQUARE_INVENTORY_READ_MINUTES must be 1 to 59')
    .default(5),
  /** The shop's time zone (IANA): every wall-clock time is read and written in it; the admin can change it in Settings. */
  SHOP_TIME_ZONE: z.string().trim().default(DEFAULT_SHOP_TIME_ZONE).refine(isTimeZone, 'SHOP_TIME_ZONE must be an IANA time zone name such as America/Chicago'),
  GEOCODER_URL: z.string().trim().url('GEOCODER_URL must be a URL').default('https://nominatim.openstreetmap.org'),
  TILE_URL: z.string().trim().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().trim().default('Cocoa Shop <no-reply@cocoa.local>'),
  CONTACT_TO: z.string().trim().email('CONTACT_TO must be an e-mail address').default('hello@cocoa.local'),
  /** The window every per-address ceiling counts in (common/rate-limit.guard.ts). */
  RATE_LIMIT_WINDOW_MS: positiveInt(15 * 60 * 1000),
  /**
   * The per-address ceiling of each limited route per window: wrong passwords, registrations,
   * reset requests, contact messages, inquiries, refused checkouts. High, because a venue's crowd
   * shares one address; accounts have their own, fixed limits. Tests of many clients raise it.
   */
  RATE_LIMIT_MAX: positiveInt(RATE_LIMIT_MAX_DEFAULT),
  /**
   * How long a password or one-time code entered counts as a fresh check of who is signed in: the
   * most dangerous actions (restore, refunds, Square, password and e-mail changes, backup download)
   * ask again past it (docs/security.md).
   */
  STEP_UP_MAX_AGE_S: positiveInt(300),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Exceptions to the rule that URLs a user supplies (calendar feeds) reach only public addresses:
   * comma-separated host names, IPs or CIDR ranges, e.g. 127.0.0.1 for a test's local feed server.
   */
  OUTBOUND_ALLOWLIST: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseOutboundAllowlist(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * A PEM file of certificates that fetches of URLs a user supplies (calendar feeds, Web Push
   * endpoints) trust besides Node's bundled roots, read at start: a push service or feed behind a
   * private CA, or a test's local HTTPS double. Unlike NODE_EXTRA_CA_CERTS it needs no restart of
   * the Node process that reads it and touches no other connection.
   */
  OUTBOUND_EXTRA_CA: optionalFile((pem, path, ctx) => {
    const certificates = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    if (!certificates) {
      ctx.addIssue({ code: 'custom', message: `${path} holds no PEM certificate` });
      return z.NEVER;
    }
    return [...rootCertificates, ...certificates];
  }),
  /**
   * The path of the Apple Pay domain association file Square gives for the shop's domain, read at
   * start and served at /.well-known/apple-developer-merchantid-domain-association (docs/operations.md).
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: optionalFile((text) => text),
  /**
   * How long a session lasts (docs/decisions.md "Sessions"): it ends after this many seconds without
   * a request (idle) or this many after its sign-in (in all), whichever comes first; an admin's
   * sooner than a customer's. Checked on every request.
   */
  ADMIN_SESSION_IDLE_S: positiveInt(30 * 60),
  ADMIN_SESSION_MAX_S: positiveInt(12 * 60 * 60),
  CUSTOMER_SESSION_IDLE_S: positiveInt(30 * 24 * 60 * 60),
  CUSTOMER_SESSION_MAX_S: positiveInt(90 * 24 * 60 * 60),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { message: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  uploadsDir: string;
  backupsDir: string;
  pwaDist: string;
  publicUrl: string;
  secureCookies: boolean;
  /** Where Square sends webhooks, as registered with Square: SQUARE_WEBHOOK_URL or PUBLIC_URL + /api/square/webhooks. */
  squareWebhookUrl: string;
}

export class ConfigError extends Error {}

/**
 * Parses the environment; a bad value throws one line per variable, naming it. A variable set to
 * '' counts as not set, so its default applies: docker compose passes `${TILE_URL:-}` through
 * as '' when the .env file leaves it out (and compose v1 cannot write a default holding `}`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir,
    uploadsDir: resolve(e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    backupsDir: resolve(e.BACKUPS_DIR ?? resolve(dataDir, 'backups')),
    pwaDist: resolve(e.PWA_DIST ?? resolve(__dirname, '../../../pwa/dist')),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    squareWebhookUrl: e.SQUARE_WEBHOOK_URL ?? `${publicUrl}/api/square/webhooks`,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
