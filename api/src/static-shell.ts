import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { type CatalogueFirstScreenData, deepLinkShellOf, HOME_ONLY_BLOCK, isAppRoute } from '@cocoa/shared-types';
import { catalogueDataBlock, renderProductsFirstScreen } from './catalogue/products-first-screen';
import { log } from './common/logger';

/** Another route's first screen in index.html: `<template data-route="/path" data-page="src/...tsx">markup</template>`. */
const ROUTE_TEMPLATE = /<template data-route="([^"]+)" data-page="([^"]+)">([\s\S]*?)<\/template>/g;
const PRODUCTS_PAGE = 'src/features/catalogue/pages/products-page.tsx';

type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The HTML the server answers for the PWA's routes. index.html paints a static first screen before
 * the JS arrives: the home page gets its hero; /products the catalogue itself (markup and data);
 * a route with a template in index.html gets that markup; any other route the header bar alone,
 * so a deep link does not flash the home hero. Route first screens use the app's own markup and
 * stylesheet (render-blocking there), so nothing grows or moves when React replaces them: a
 * larger element painted later would become the Largest Contentful Paint.
 */
export class StaticShell {
  readonly home: string;
  readonly deepLink: string;
  private readonly routes = new Map<string, string>();
  private readonly productsStylesheets: string;

  constructor(pwaDist: string) {
    const index = readFileSync(join(pwaDist, 'index.html'), 'utf8');
    this.home = index.replace(ROUTE_TEMPLATE, '');
    this.deepLink = deepLinkShellOf(this.home);
    const manifest = readManifest(pwaDist);
    this.productsStylesheets = stylesheetsOf(manifest, PRODUCTS_PAGE);
    for (const [, route, page, markup] of index.matchAll(ROUTE_TEMPLATE)) {
      const stylesheets = stylesheetsOf(manifest, page);
      if (stylesheets) this.routes.set(route, this.withFirstScreen(stylesheets, markup));
    }
  }

  /** The shell for a route other than /products. */
  forPath(path: string): string {
    if (path === '/' || path === '/index.html') return this.home;
    return this.routes.get(path) ?? this.deepLink;
  }

  /**
   * /products with its first screen: the list a phone would otherwise show only after the JS and
   * two API calls. Without the app's stylesheet (no Vite manifest) the list would paint unstyled,
   * so only the data block is sent; if the catalogue cannot be read, the app loads it as before.
   */
  async products(url: string, load: () => Promise<CatalogueFirstScreenData>): Promise<string> {
    let data: CatalogueFirstScreenData;
    try {
      data = await load();
    } catch (error) {
      log('warn', 'could not read the catalogue for the /products first screen; sending the plain shell', { error: String(error) });
      return this.deepLink;
    }
    const dataBlock = catalogueDataBlock(data);
    if (!this.productsStylesheets) return this.deepLink.replace('</body>', () => `${dataBlock}</body>`);
    const screen = renderProductsFirstScreen(data, new URL(url, 'http://shell.invalid').searchParams.get('category'));
    return this.withFirstScreen(this.productsStylesheets, screen + dataBlock);
  }

  private withFirstScreen(stylesheets: string, markup: string): string {
    return this.home.replace('</head>', () => `${stylesheets}</head>`).replace(HOME_ONLY_BLOCK, () => markup);
  }
}

/**
 * Sends a shell, gzipped for browsers that accept it: the /products one, with the catalogue, is
 * ~16 KB, more than a new connection's first round trip carries (~14 KB); gzipped ~4 KB.
 */
export function sendShell(req: Request, res: Response, html: string): void {
  res.vary('Accept-Encoding');
  res.type('html');
  if (req.acceptsEncodings('gzip') !== 'gzip') {
    res.send(html);
    return;
  }
  res.setHeader('Content-Encoding', 'gzip');
  res.send(gzippedOnce(html));
}

/** Most shells are the same few strings on every request (and /products while the catalogue holds still): gzip each once. */
const GZIPPED_KEPT = 16;
const gzippedShells = new Map<string, Buffer>();
function gzippedOnce(html: string): Buffer {
  let gzipped = gzippedShells.get(html);
  if (!gzipped) {
    gzipped = gzipSync(html);
    gzippedShells.set(html, gzipped);
    // Oldest first: a Map iterates in insertion order.
    if (gzippedShells.size > GZIPPED_KEPT) gzippedShells.delete(gzippedShells.keys().next().value as string);
  }
  return gzipped;
}

/**
 * 200 for a page of the app (shared-types' APP_ROUTES, the router's table), 404 for any other path:
 * the shell still loads there and the app shows its '404 Page Not Found' page, but crawlers, link
 * checkers and monitors see the status the page says.
 */
export function shellStatusFor(path: string): 200 | 404 {
  return isAppRoute(path) ? 200 : 404;
}

export function isProductsPath(path: string): boolean {
  return path === '/products' || path === '/products/';
}

/** Vite's backend-integration manifest (build.manifest): which files each source module became. */
function readManifest(pwaDist: string): ViteManifest {
  const path = join(pwaDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  } catch (error) {
    log('warn', 'unreadable Vite manifest; routes get no static first screen', { path, error: String(error) });
    return {};
  }
}

/** `<link rel="stylesheet">`s of every CSS file a page chunk and its imports load; '' when none is known. */
function stylesheetsOf(manifest: ViteManifest, page: string): string {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const file of chunk.css ?? []) css.add(file);
  };
  visit(page);
  return [...css].map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
}
