import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from './config/config.schema';

/** Where Apple looks for the file that proves the shop's domain may take Apple Pay (Square registers the domain with Apple). */
export const APPLE_PAY_DOMAIN_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Answers Apple's check of the domain with the file APPLE_PAY_DOMAIN_ASSOCIATION names (read at
 * start), as text/plain; a 404 when none is configured. Mounted before the app shell's fallback, so
 * the path never answers the PWA's HTML (docs/operations.md "Apple Pay").
 */
export function applePayDomainAssociation(config: Pick<AppConfig, 'APPLE_PAY_DOMAIN_ASSOCIATION'>) {
  const content = config.APPLE_PAY_DOMAIN_ASSOCIATION;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (content === undefined) {
      res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    res.type('text/plain').send(content);
  };
}
