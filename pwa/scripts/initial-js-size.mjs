/**
 * Prints the gzip size of the JS a first visit to a route downloads: the entry chunk, its static
 * imports, and the lazy page chunk of that route with its static imports.
 * Usage: node pwa/scripts/initial-js-size.mjs [routePageName ...]   (after `vite build`)
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep, seen);
}

export function initialJsKb(pages) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = new Set();
  collect(entry, seen);
  for (const page of pages) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`/${page}.tsx`));
    if (!key) throw new Error(`No chunk for ${page}`);
    collect(key, seen);
  }
  let bytes = 0;
  for (const key of seen) bytes += gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
  return { kb: Math.round((bytes / 1024) * 10) / 10, chunks: seen.size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // the tiny entry imports the start-up chunk at once (home page included); other routes add their lazy page
  const routes = { '/': ['start'], '/products': ['start', 'products-page'] };
  for (const [route, pages] of Object.entries(routes)) {
    const { kb, chunks } = initialJsKb(pages);
    console.log(`initial JS for ${route}: ${kb} KB gzip (${chunks} chunks)`);
  }
}
