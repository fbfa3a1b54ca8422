import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const sharedTypes = fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url));
const sharedTypesSrc = fileURLToPath(new URL('../shared-types/src/', import.meta.url));
const API_TARGET = 'http://localhost:3000';

const aliases = () => [
  { find: /^@cocoa\/shared-types$/, replacement: sharedTypes },
  // one rule file on its own, to load it lazily (the cart rules and zod)
  { find: /^@cocoa\/shared-types\/(.+)$/, replacement: `${sharedTypesSrc}$1.ts` },
];

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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? { resolve: { alias: aliases() }, plugins: [react()], ...SSR_BUILD } : {
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
      // this every Ionic component lands in the entry chunk (STACK.md: 362 KB → ~200 KB gzip).
      treeshake: {
        // zod's builders (z.object(...).refine(...)) have no side effects, but a call is assumed to
        // have some: without this, a page using one plain function of a schema file (the tracker's
        // hasValidCoordinates) loaded every schema of that file and zod itself before it rendered.
        manualPureFunctions: ['z'],
        // shared-types holds only pure schemas and functions, so unused files can be dropped too.
        moduleSideEffects: (id: string) =>
          !/[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) && !/[\\/]shared-types[\\/]src[\\/]/.test(id),
      },
    },
  },
  plugins: [
    react(),
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
        globIgnores: ['**/revenue-chart-*.js'],
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
              (url.pathname.startsWith('/api/square/') ||
                url.pathname === '/api/categories' ||
                url.pathname === '/api/products/featured'),
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
            // Map tiles ({z}/{x}/{y}.png of the server's TILE_URL, any host): the tracker works
            // offline with the tiles already seen. Capped at ~1000 tiles, 30 days.
            urlPattern: ({ url, request }) =>
              request.destination === 'image' && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
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
}));
