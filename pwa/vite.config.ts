import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, parseAst, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_SCREEN_CSS_FILE, FIRST_SCREENS } from '../shared-types/src/first-screen';

const sharedTypes = fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url));
const sharedTypesSrc = fileURLToPath(new URL('../shared-types/src/', import.meta.url));
const API_TARGET = 'http://localhost:3000';

const aliases = () => [
  { find: /^@cocoa\/shared-types$/, replacement: sharedTypes },
  // one rule file on its own, to load it lazily (the cart rules and zod)
  { find: /^@cocoa\/shared-types\/(.+)$/, replacement: `${sharedTypesSrc}$1.ts` },
];

/** The PWA's table of the server's first screens: each page's module and seeder. */
const FIRST_SCREEN_TABLE = fileURLToPath(new URL('src/app/first-screen-pages.ts', import.meta.url));

interface AstNode {
  type: string;
  [key: string]: unknown;
}
const isAstNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
/** A node and every node inside it. */
function* nodesIn(value: unknown): Generator<AstNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesIn(item);
    return;
  }
  if (!isAstNode(value)) return;
  yield value;
  for (const child of Object.values(value)) if (typeof child === 'object') yield* nodesIn(child);
}
const nameOf = (node: unknown) => (isAstNode(node) && typeof node.name === 'string' ? node.name : undefined);

/**
 * Each page's module as FIRST_SCREEN_PAGES names it (`page`): what its dynamic import loads, or
 * the import a value it holds comes from (the home page, in the start-up chunk).
 */
function firstScreenPageModules(source: string): Map<string, string> {
  const program = parseAst(source, { lang: 'ts' });
  const imported = new Map<string, string>();
  for (const node of nodesIn(program)) {
    if (node.type !== 'ImportDeclaration') continue;
    for (const specifier of node.specifiers as AstNode[]) imported.set(nameOf(specifier.local) ?? '', (node.source as { value: string }).value);
  }
  const table = [...nodesIn(program)].find((node) => node.type === 'VariableDeclarator' && nameOf(node.id) === 'FIRST_SCREEN_PAGES');
  const init = table?.init as AstNode | undefined;
  const object = init?.type === 'TSSatisfiesExpression' ? (init.expression as AstNode) : init;
  const modules = new Map<string, string>();
  for (const entry of (object?.properties ?? []) as AstNode[]) {
    const page = ((entry.value as AstNode).properties as AstNode[] | undefined)?.find((property) => nameOf(property.key) === 'page');
    for (const node of nodesIn(page?.value)) {
      const specifier = node.type === 'ImportExpression' ? (node.source as { value?: unknown }).value : imported.get(nameOf(node) ?? '');
      if (typeof specifier === 'string' && !modules.has(nameOf(entry.key) ?? '')) modules.set(nameOf(entry.key) ?? '', specifier);
    }
  }
  return modules;
}

/**
 * The client build tells the API each first screen's stylesheets (FIRST_SCREEN_CSS_FILE):
 * the CSS of the chunk holding the page's module (FIRST_SCREEN_PAGES) and of the chunks it imports,
 * as they load. The API renders the page with them, and names no file of this source.
 */
function firstScreenStylesheets(): Plugin {
  return {
    name: 'cocoa:first-screen-stylesheets',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const modules = firstScreenPageModules(readFileSync(FIRST_SCREEN_TABLE, 'utf8'));
      const listed: Record<string, string[]> = {};
      for (const page of Object.keys(FIRST_SCREENS)) {
        const specifier = modules.get(page);
        const id = specifier === undefined ? undefined : (await this.resolve(specifier, FIRST_SCREEN_TABLE))?.id;
        const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && id !== undefined && file.moduleIds.includes(id));
        if (!chunk) this.error(`the first screen '${page}' has no page module in FIRST_SCREEN_PAGES (${FIRST_SCREEN_TABLE}) that the build has in a chunk`);
        const css = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const file = bundle[fileName];
          if (file?.type !== 'chunk' || seen.has(fileName)) return;
          seen.add(fileName);
          for (const dependency of file.imports) visit(dependency);
          for (const cssFile of file.viteMetadata?.importedCss ?? []) css.add(cssFile);
        };
        visit(chunk.fileName);
        listed[page] = [...css];
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_CSS_FILE, source: `${JSON.stringify(listed, null, 2)}\n` });
    },
  };
}

/**
 * `vite build --ssr`: the server's first screens (src/server/first-screens.tsx), one CommonJS
 * file with every library it uses (the API's image has no storefront dependencies), outside dist so
 * it is neither served nor precached; the API loads it from dist-server/ (api/src/static-shell.ts).
 */
const SSR_BUILD: UserConfig = {
  ssr: { noExternal: true, target: 'node' },
  // React's production build only (the server does not set NODE_ENV for the bundle).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: 'src/server/first-screens.tsx',
      output: { format: 'cjs', entryFileNames: 'first-screens.cjs', chunkFileNames: '[name]-[hash].cjs', codeSplitting: false },
    },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? { resolve: { alias: aliases() }, plugins: [react()], ...SSR_BUILD }
    : {
        resolve: {
          alias: aliases(),
        },
        server: {
          proxy: {
            '/api': { target: API_TARGET, changeOrigin: false },
            '/uploads': { target: API_TARGET, changeOrigin: false },
          },
        },
        build: {
          target: 'es2022',
          manifest: true,
          // No <link rel="modulepreload"> appended by script for a lazy chunk's imports: appending the
          // start-up chunk's 25 was one task of ~30 ms (four times that on a phone) just after the first
          // paint. The browser fetches those imports itself once the chunk arrives (one more round trip).
          modulePreload: false,
          rolldownOptions: {
            // @ionic/core does not declare its per-component modules free of side effects, so without
            // this every Ionic component lands in the entry chunk (measured: 362 KB → ~200 KB gzip).
            treeshake: {
              // zod's builders (z.object(...).refine(...)) have no side effects, but a call is assumed to
              // have some: without this, a page using one plain function of a schema file (the tracker's
              // hasValidCoordinates) loaded every schema of that file and zod itself before it rendered.
              manualPureFunctions: ['z'],
              // shared-types holds only pure schemas and functions, so unused files can be dropped too.
              moduleSideEffects: (id: string) => !/[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) && !/[\\/]shared-types[\\/]src[\\/]/.test(id),
            },
          },
        },
        plugins: [
          react(),
          firstScreenStylesheets(),
          VitePWA({
            registerType: 'prompt',
            injectRegister: false,
            includeAssets: ['favicon.svg', 'images/**/*', 'icons/*'],
            manifest: {
              id: '/',
              name: 'Cocoa Shop — Artisanal Cocoa Mixes',
              short_name: 'Cocoa Shop',
              description: 'Artisanal hot, iced and shake cocoa mixes, event bookings and a live cocoa tracker.',
              theme_color: '#4a2c1d',
              background_color: '#fbf6f0',
              display: 'standalone',
              start_url: '/',
              scope: '/',
              lang: 'en-US',
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
              ],
            },
            workbox: {
              globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico}'],
              // The admin summary's chart (recharts, ~115 KB gzip) is not precached on every customer's
              // phone: the owner works online and it loads with the Summary tab.
              // Nor is the password checker's list of common passwords (~230 KB gzip): only the forms that
              // set a password load it, and offline their meter goes by the length alone.
              globIgnores: ['**/revenue-chart-*.js', '**/password-checker-*.js'],
              // Navigations get the shell (its header bar); the app renders the page from its cache.
              navigateFallback: '/index.html',
              navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads(\/|$)/],
              clientsClaim: true,
              cleanupOutdatedCaches: true,
              // Web Push for the live tracker (public/push-sw.js): shows the notification, opens the tracker.
              importScripts: ['/push-sw.js', '/outbox-sync-sw.js'],
              runtimeCaching: [
                {
                  // A call made with cache 'no-store' (the admin dashboard's) always goes to the network:
                  // the owner must see the connection status and the categories just changed.
                  urlPattern: ({ url, sameOrigin, request }) =>
                    sameOrigin &&
                    request.cache !== 'no-store' &&
                    (url.pathname.startsWith('/api/square/') || url.pathname === '/api/categories' || url.pathname === '/api/products/featured'),
                  handler: 'StaleWhileRevalidate',
                  options: {
                    cacheName: 'catalogue-api',
                    expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
                    cacheableResponse: { statuses: [200] },
                  },
                },
                {
                  // Image variants are named by a hash of their bytes (never change): from the cache, no revalidation.
                  urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/variants/'),
                  handler: 'CacheFirst',
                  options: {
                    cacheName: 'image-variants',
                    expiration: { maxEntries: 300, maxAgeSeconds: 365 * 24 * 3600 },
                    cacheableResponse: { statuses: [200] },
                  },
                },
                {
                  urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
                  handler: 'StaleWhileRevalidate',
                  options: {
                    cacheName: 'uploads',
                    expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
                    cacheableResponse: { statuses: [200] },
                  },
                },
                {
                  // the tracker's month lists and its map config (TILE_URL)
                  urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname === '/api/events' || url.pathname === '/api/events/map-config'),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'events-api',
                    networkTimeoutSeconds: 5,
                    expiration: { maxEntries: 30, maxAgeSeconds: 7 * 24 * 3600 },
                    cacheableResponse: { statuses: [200] },
                  },
                },
                {
                  // The legal pages (privacy, terms, refund and cancellation): a page read once opens offline.
                  urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/legal-pages/'),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'legal-api',
                    networkTimeoutSeconds: 5,
                    expiration: { maxEntries: 10, maxAgeSeconds: 30 * 24 * 3600 },
                    cacheableResponse: { statuses: [200] },
                  },
                },
                {
                  // Map tiles ({z}/{x}/{y}.png of the server's TILE_URL, any host): the tracker works
                  // offline with the tiles already seen. Capped at ~1000 tiles, 30 days.
                  urlPattern: ({ url, request }) => request.destination === 'image' && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
                  handler: 'CacheFirst',
                  options: {
                    cacheName: 'map-tiles',
                    expiration: { maxEntries: 1000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
                    cacheableResponse: { statuses: [0, 200] },
                  },
                },
              ],
            },
          }),
        ],
      },
);
