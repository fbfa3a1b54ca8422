import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import {
  FIRST_SCREEN_END,
  FIRST_SCREEN_START,
  FIRST_SCREEN_CSS_FILE,
  FIRST_SCREENS,
  type FirstScreenData,
  type FirstScreenPage,
  isAppRoute,
  SERVER_RENDERED_ATTRIBUTE,
} from '@cocoa/shared-types';
import { log } from './common/logger';
import { firstScreenDataBlock, type LoadedFirstScreen } from './first-screen-data';

/** The PWA's server entry (pwa/src/server/first-screens.tsx, built by `vite build --ssr`). */
export interface FirstScreenRenderer {
  /** The app's markup at `url` (path and query) from the answers in `data`, rendered by its own components: the content of its root element. */
  renderFirstScreen(url: string, data: FirstScreenData): string;
}

/** Where the PWA build puts its server entry: beside dist (pwa/dist-server/), neither served nor precached. */
export function firstScreenRendererFile(pwaDist: string): string {
  return join(`${pwaDist}-server`, 'first-screens.cjs');
}

/**
 * Loads the server entry once at start. Optional: without it (a build made without the SSR step)
 * the public routes get the plain shell and the data block, and the app paints them as it starts.
 */
export function loadFirstScreenRenderer(file: string): FirstScreenRenderer | null {
  if (!existsSync(file)) {
    log('warn', 'the PWA server entry is missing; public routes get no server-rendered first screen (run `npm run build -w pwa`)', { file });
    return null;
  }
  try {
    const loaded = createRequire(file)(file) as Partial<FirstScreenRenderer>;
    if (typeof loaded.renderFirstScreen !== 'function') throw new Error('it exports no renderFirstScreen');
    return loaded as FirstScreenRenderer;
  } catch (error) {
    log('warn', 'could not load the PWA server entry; public routes get no server-rendered first screen', { file, error: String(error) });
    return null;
  }
}

/** Each first screen's stylesheets as the PWA's build lists them (FIRST_SCREEN_CSS_FILE): CSS files of its dist folder. */
type FirstScreenStylesheets = Partial<Record<FirstScreenPage, string[]>>;

/** A shell and its status: a product page of an unknown product, or a stop's page of an unknown stop, is a 404. */
export interface Shell {
  status: 200 | 404;
  html: string;
}

/**
 * The HTML the server answers for the PWA's routes: index.html, whose header bar paints before the
 * JS arrives. A public route (the home page, /products, a product page, /cocoa-tracker, /events, a
 * stop's page) gets the app itself in its root element, at that page, rendered by the app's own
 * components (the PWA's server entry) from the answers the app would ask for, which come along as
 * a data block its first render is seeded from; the app then hydrates that markup (takes it over
 * as it is) rather than building the page again, so a phone neither creates nor lays out the page
 * twice. Those first screens carry the page's stylesheets (render-blocking there), so nothing grows
 * or moves when the app takes over: a larger element painted later would become the Largest
 * Contentful Paint.
 */
export class StaticShell {
  readonly shell: string;
  private readonly stylesheets = new Map<FirstScreenPage, string>();
  /** Rendered pages by the answers they come from: forgotten with them (the answer cache makes new ones on a change). */
  private readonly rendered = new WeakMap<object, Map<string, string>>();

  /** The app's root element with the shell's content (a header bar): replaced whole by the server's rendering of the app. */
  private readonly rootContent = new RegExp(`<div id="root">${FIRST_SCREEN_START}[\\s\\S]*?${FIRST_SCREEN_END}</div>`);
  /** False for an index.html without the marks (an older build): its routes get the data block only. */
  private readonly hasRoot: boolean;

  constructor(
    pwaDist: string,
    private readonly renderer: FirstScreenRenderer | null,
  ) {
    this.shell = readFileSync(join(pwaDist, 'index.html'), 'utf8');
    this.hasRoot = this.rootContent.test(this.shell);
    const listed = readStylesheets(pwaDist);
    for (const page of Object.keys(FIRST_SCREENS) as FirstScreenPage[]) {
      const files = listed[page];
      if (Array.isArray(files) && files.length > 0) this.stylesheets.set(page, files.map((file) => `<link rel="stylesheet" href="/${file}">`).join(''));
    }
  }

  /**
   * A public route with its first screen. `load` reads the answers (null: no such product or
   * stop, a 404); `source` is the value they were made from (the cached one; a stop's, read for
   * this request), and `variant` what else of the URL the page shows (the category, the product,
   * the linked stop): the page is rendered once per both. If the answers cannot be read, the plain
   * shell goes and the app loads them as before; without the page's stylesheets (not listed by the
   * PWA's build) or the server entry only the data block goes (an unstyled page would flash).
   */
  async firstScreen(load: () => Promise<LoadedFirstScreen | null>): Promise<Shell> {
    let loaded: LoadedFirstScreen | null;
    try {
      loaded = await load();
    } catch (error) {
      log('warn', 'could not read the answers of a first screen; sending the plain shell', { error: String(error) });
      return { status: 200, html: this.shell };
    }
    if (!loaded) return { status: 404, html: this.shell };
    const { source, variant, url, data, head = '' } = loaded;
    const dataBlock = firstScreenDataBlock(data);
    const stylesheets = this.stylesheets.get(data.page);
    const markup = stylesheets ? this.render(source, `${data.page} ${variant}`, url, data) : null;
    const withHead = head ? this.shell.replace('</head>', () => `${head}</head>`) : this.shell;
    if (!stylesheets || markup === null || !this.hasRoot) return { status: 200, html: withHead.replace('</body>', () => `${dataBlock}</body>`) };
    return {
      status: 200,
      html: withHead
        .replace('</head>', () => `${stylesheets}</head>`)
        .replace(this.rootContent, () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${markup}</div>${dataBlock}`),
    };
  }

  private render(source: object, key: string, url: string, data: FirstScreenData): string | null {
    if (!this.renderer) return null;
    let pages = this.rendered.get(source);
    if (!pages) this.rendered.set(source, (pages = new Map<string, string>()));
    const kept = pages.get(key);
    if (kept !== undefined) return kept;
    try {
      const markup = this.renderer.renderFirstScreen(url, data);
      pages.set(key, markup);
      return markup;
    } catch (error) {
      log('warn', 'could not render a first screen; sending its data only', { page: data.page, error: String(error) });
      return null;
    }
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

/**
 * The stylesheets the PWA's client build lists for each first screen (a small Vite plugin of its
 * own, from the page modules of its first-screen table): the API names no file of the PWA's source.
 */
function readStylesheets(pwaDist: string): FirstScreenStylesheets {
  const path = join(pwaDist, FIRST_SCREEN_CSS_FILE);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as FirstScreenStylesheets;
  } catch (error) {
    log('warn', "unreadable list of the first screens' stylesheets; routes get no server-rendered first screen", { path, error: String(error) });
    return {};
  }
}
