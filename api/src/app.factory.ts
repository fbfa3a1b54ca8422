import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import connectPgSimple from 'connect-pg-simple';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import { AppModule } from './app.module';
import { APPLE_PAY_DOMAIN_PATH, applePayDomainAssociation } from './apple-pay-domain';
import { SESSION_MAX_AGE_MS, SESSION_TABLE, sessionCookieName } from './auth/session.constants';
import { limitSessionStore, sessionLimits } from './auth/session-limits';
import { signedInHint } from './auth/signed-in-hint';
import { CategoriesService } from './catalogue/categories.service';
import { TestimonialsService } from './catalogue/testimonials.service';
import { ProductsService } from './catalogue/products.service';
import { ErrorFilter, toHttpError } from './common/error.filter';
import { JsonLogger, log, setLogLevel, withRequestLog } from './common/logger';
import { originCheck } from './common/origin.middleware';
import { IMMUTABLE_ASSET_CACHE, precompressedAssets } from './common/precompressed-assets';
import { answerProtocolErrorsAsJson } from './common/protocol-errors';
import { PublicAnswerCache } from './common/public-answer-cache';
import { ZodValidationPipe } from './common/zod-validation.pipe';
import { CSP_REPORTING_ENDPOINT, CSP_REPORTS_PATH } from './csp-reports/csp-reports.constants';
import type { AppConfig } from './config/config.schema';
import { DB_POOL, type DatabasePool } from './database-pool/database-pool';
import { EventsService } from './events/events.service';
import { mapConfigFor } from './events/map-config';
import { LiveService } from './live/live.service';
import { StopPickupService } from './orders/stop-pickup.service';
import { BookingAvailabilityService } from './bookings/booking-availability.service';
import { BookingPackagesService } from './bookings/booking-packages.service';
import { firstScreenLoader, type FirstScreenSources, shopIdentityOf } from './first-screen-data';
import { DatabaseOutage } from './health/database-outage';
import { uploadCacheHeaders } from './images/upload-cache';
import { SettingsService, withSettingsSnapshot } from './settings/settings.service';
import { ShopIdentityService } from './settings/shop-identity.service';
import { ShopTimeZoneService } from './settings/shop-time-zone.service';
import { firstScreenRendererFile, loadFirstScreenRenderer, sendShell, shellStatusFor, StaticShell } from './static-shell';
import { structuredDataBlock, withShopName } from './structured-data';
import { ownerManifest } from './web-manifest';

const JSON_LIMIT = '1mb';

/** Builds the whole HTTP application; `main.ts` listens on it and tests drive it in-process. */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  setLogLevel(config.LOG_LEVEL);
  if (config.secureCookies && !config.TRUST_PROXY) {
    log(
      'warn',
      'PUBLIC_URL is https but TRUST_PROXY is false: behind a TLS-terminating proxy set TRUST_PROXY=true, or the Secure session cookie is never sent and nobody stays signed in',
    );
  }
  mkdirSync(config.uploadsDir, { recursive: true });
  mkdirSync(config.backupsDir, { recursive: true });

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: config.LOG_LEVEL === 'silent' ? false : new JsonLogger(),
    bodyParser: false,
    abortOnError: false,
  });
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ZodValidationPipe());
  app.useGlobalFilters(new ErrorFilter(app.get(DatabaseOutage)));

  // Each request reads the settings once (settings/settings.service.ts).
  app.use((_req: Request, _res: Response, next: NextFunction) => withSettingsSnapshot(next));
  app.use(securityHeaders(config));
  app.use(jsonBody);
  app.use(originCheck(config.publicUrl));
  app.use(await sessions(app, config));
  app.use(passport.initialize());
  app.use(passport.session());
  app.use(sessionLimits(config));
  app.use(signedInHint(config));
  app.use(APPLE_PAY_DOMAIN_PATH, applePayDomainAssociation(config));
  app.use(precompressedAssets(config.pwaDist));
  serveStatic(app, config);
  putAnswerCacheInFront(app);
  answerProtocolErrorsAsJson(app.getHttpServer());
  return app;
}

/** Public answers already computed are replayed before Express runs (see PublicAnswerCache); the access log and request id come first of all. */
function putAnswerCacheInFront(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`expected the HTTP server to have one request listener, found ${listeners.length}`);
  server.removeAllListeners('request');
  server.on('request', withRequestLog(app.get(PublicAnswerCache).front(listeners[0])));
}

/**
 * Pages get the policy the app, Square's card form and the wallets need (docs/security.md), and say where a
 * browser reports what it blocked: `report-uri` (Firefox, Safari) and `report-to`, whose endpoint
 * the Reporting-Endpoints header names (Chromium). Answers under /api/ are data, never a
 * document that runs anything, so they carry what protects data as the OWASP REST guidance lists
 * it: a policy that forbids everything (`default-src 'none'`, no framing), X-Frame-Options,
 * nosniff, Cross-Origin-Resource-Policy and HSTS. The headers that only steer a document (opener
 * policy, origin-keyed agents, referrer policy, DNS prefetch, old IE and Flash switches) are left
 * off: a browser ignores them on JSON, and the cache replays every header with every answer.
 */
function securityHeaders(config: AppConfig) {
  const pages = pageSecurityHeaders(config);
  const answers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    hsts: config.secureCookies,
  });
  const reportingEndpoints = `${CSP_REPORTING_ENDPOINT}="${config.publicUrl}${CSP_REPORTS_PATH}"`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.url.startsWith('/api/')) return answers(req, res, next);
    res.setHeader('Reporting-Endpoints', reportingEndpoints);
    return pages(req, res, next);
  };
}

/**
 * What Square's SDK loads into the page for the wallets (docs/security.md "Script inventory"):
 * Google's Google Pay script and sheet, Apple's Apple Pay script (Apple Pay outside Safari), Cash
 * App's Pay Kit and its calls. The policy is one for the whole app: the PWA moves between pages
 * without asking the server again, so the document's first policy is the one the payment step has.
 */
const WALLET_SCRIPT_ORIGINS = ['https://pay.google.com', 'https://applepay.cdn-apple.com', 'https://kit.cash.app'];
const WALLET_CALL_ORIGINS = ['https://pay.google.com', 'https://*.cash.app'];

function pageSecurityHeaders(config: AppConfig) {
  const tileOrigin = safeOrigin(config.TILE_URL.replace(/\{[a-z]\}/g, 'a'));
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://sandbox.web.squarecdn.com', 'https://web.squarecdn.com', ...WALLET_SCRIPT_ORIGINS],
        // Ionic, Square's card form and the wallets' buttons set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://sandbox.web.squarecdn.com', 'https://web.squarecdn.com', 'https://kit.cash.app'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: [
          "'self'",
          'https://*.squareup.com',
          'https://*.squareupsandbox.com',
          'https://*.squarecdn.com',
          ...WALLET_CALL_ORIGINS,
          ...(tileOrigin ? [tileOrigin] : []),
        ],
        frameSrc: ["'self'", 'https://*.squareup.com', 'https://*.squareupsandbox.com', 'https://*.squarecdn.com', ...WALLET_CALL_ORIGINS],
        fontSrc: ["'self'", 'data:', 'https://*.squarecdn.com'],
        mediaSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        // No <base> element: nothing injected can move where the app's relative URLs point.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
        reportUri: [CSP_REPORTS_PATH],
        reportTo: [CSP_REPORTING_ENDPOINT],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The raw bytes stay on `req.rawBody` too: Square's webhook signature is over them. */
const parseJson = express.json({ limit: JSON_LIMIT, strict: true, verify: (req, _res, raw) => void ((req as { rawBody?: Buffer }).rawBody = raw) });
/** body-parser errors (malformed JSON, too large) leave in the same `{ message }` shape as the rest. */
function jsonBody(req: Request, res: Response, next: NextFunction): void {
  parseJson(req, res, (err?: unknown) => {
    if (!err) return next();
    const { status, message, code } = toHttpError(err);
    res.status(status).json({ message, code });
  });
}

async function sessions(app: INestApplication, config: AppConfig) {
  const db = app.get<DatabasePool>(DB_POOL);
  const PgStore = connectPgSimple(session);
  return session({
    // `__Host-` over https (session.constants.ts); Secure follows PUBLIC_URL, and behind a TLS proxy
    // `proxy` (TRUST_PROXY) lets express-session see the request as https through X-Forwarded-Proto.
    name: sessionCookieName(config),
    secret: await app.get(SettingsService).sessionSecret(),
    // Each signed-in session expires at the sooner of its idle and total limits (auth/session-limits.ts).
    store: limitSessionStore(new PgStore({ pool: db.pool as never, tableName: SESSION_TABLE, createTableIfMissing: false, pruneSessionInterval: 15 * 60 })),
    resave: false,
    saveUninitialized: false,
    proxy: config.TRUST_PROXY,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: SESSION_MAX_AGE_MS },
  });
}

/**
 * /manifest.webmanifest: the build's manifest with the shop's name and logo (web-manifest.ts), kept
 * with the public answers, so a change of identity in Settings shows at the next read.
 */
function serveManifest(app: NestExpressApplication, config: AppConfig): void {
  const file = join(config.pwaDist, 'manifest.webmanifest');
  if (!existsSync(file)) return;
  const built = readFileSync(file, 'utf8');
  const answers = app.get(PublicAnswerCache);
  const shopIdentity = app.get(ShopIdentityService);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/manifest.webmanifest') return next();
    answers
      .remember('web-manifest', async () => ownerManifest(built, await shopIdentityOf({ answers, shopIdentity })))
      .then((body) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.type('application/manifest+json').send(body);
      })
      .catch(next);
  });
}

/**
 * /uploads from the uploads folder; the built PWA at / with an app-shell fallback for client
 * routes, never for /api or /uploads (those answer a real 404).
 */
function serveStatic(app: NestExpressApplication, config: AppConfig): void {
  // Hashed image variants are immutable; an original under its own name (the owner can replace
  // it) is cached briefly (images/upload-cache.ts).
  app.use(
    '/uploads',
    express.static(config.uploadsDir, { index: false, fallthrough: false, dotfiles: 'deny', setHeaders: uploadCacheHeaders(config.uploadsDir) }),
  );
  const indexHtml = join(config.pwaDist, 'index.html');
  if (!existsSync(indexHtml)) {
    log('warn', 'PWA build not found; run `npm run build` to serve the shop', { pwaDist: config.pwaDist });
    return;
  }
  serveManifest(app, config);
  app.use(
    express.static(config.pwaDist, {
      index: false,
      setHeaders(res, path) {
        if (/[/\\]assets[/\\]/.test(path)) res.setHeader('Cache-Control', IMMUTABLE_ASSET_CACHE);
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // The shell paints a first screen before the JS arrives: a public route's page rendered by the
  // app's own components, the header bar elsewhere (StaticShell).
  const shell = new StaticShell(config.pwaDist, loadFirstScreenRenderer(firstScreenRendererFile(config.pwaDist)));
  const sources: FirstScreenSources = {
    products: app.get(ProductsService),
    categories: app.get(CategoriesService),
    testimonials: app.get(TestimonialsService),
    events: app.get(EventsService),
    shopTime: app.get(ShopTimeZoneService),
    live: app.get(LiveService),
    bookingPackages: app.get(BookingPackagesService),
    bookingAvailability: app.get(BookingAvailabilityService),
    stopPickup: app.get(StopPickupService),
    mapConfig: mapConfigFor(config.TILE_URL),
    answers: app.get(PublicAnswerCache),
    shopIdentity: app.get(ShopIdentityService),
    siteUrl: config.publicUrl,
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api') || req.path.startsWith('/uploads')) return next();
    // A missing hashed asset (an old build's) is a real 404: an HTML shell in place of a script breaks the page.
    if (req.path.startsWith('/assets/')) {
      res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const load = firstScreenLoader(req.path, new URLSearchParams(req.originalUrl.split('?')[1] ?? ''), sources);
    // The shell names the shop in force, and every page carries the business's structured data
    // (structured-data.ts); a first screen adds its products or stops.
    if (load) {
      Promise.all([shell.firstScreen(load), shopIdentityOf(sources)])
        .then(([{ status, html }, shop]) => {
          res.status(status);
          sendShell(req, res, withShopName(html, shop));
        })
        .catch(next);
      return;
    }
    shopIdentityOf(sources)
      .then((shop) => {
        res.status(shellStatusFor(req.path));
        sendShell(
          req,
          res,
          withShopName(shell.shell, shop).replace('</head>', () => `${structuredDataBlock(shop, config.publicUrl)}</head>`),
        );
      })
      .catch(next);
  });
}
