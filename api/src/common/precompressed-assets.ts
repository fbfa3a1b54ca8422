import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Hashed build assets never change under their name. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The PWA build leaves a .br and a .gz beside each hashed asset (pwa/scripts/precompress.mjs);
 * a browser that accepts one gets those bytes, with the asset's own type, an ETag of its own and
 * a year of immutable caching. Everything else falls through to the plain static files.
 */
export function precompressedAssets(pwaDist: string): RequestHandler {
  const dir = join(pwaDist, 'assets');
  const available = new Set(existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.br') || name.endsWith('.gz')) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const name = req.path.slice('/assets/'.length);
    if (name.includes('/') || name.includes('\\')) return next();
    const accepted = ENCODINGS.find((e) => available.has(name + e.suffix) && req.acceptsEncodings(e.coding) === e.coding);
    res.vary('Accept-Encoding');
    if (!accepted) return next();
    res.type(extname(name));
    res.setHeader('Content-Encoding', accepted.coding);
    res.setHeader('Cache-Control', IMMUTABLE_ASSET_CACHE);
    res.sendFile(name + accepted.suffix, { root: dir, cacheControl: false, dotfiles: 'deny' }, (error?: Error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}
