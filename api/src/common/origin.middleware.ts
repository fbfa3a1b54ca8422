import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing call whose Origin header names another site
 * is refused. Calls without an Origin (curl, server-to-server) pass; cookies are SameSite=Lax too.
 */
export function originCheck(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === allowed || origin === own) return next();
    res.status(403).json({ message: 'Cross-site request refused', code: 'FORBIDDEN_ORIGIN' });
  };
}
