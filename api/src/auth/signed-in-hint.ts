import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '@cocoa/shared-types';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/config.schema';
import { SESSION_MAX_AGE_MS } from './session.constants';

const options = (config: Pick<AppConfig, 'secureCookies'>) => ({ path: '/', sameSite: 'lax' as const, secure: config.secureCookies });

/** Sets the signed-in hint (SIGNED_IN_HINT_COOKIE) for a session that just began. */
export function setSignedInHint(res: Response | undefined, config: Pick<AppConfig, 'secureCookies'>): void {
  res?.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...options(config), maxAge: SESSION_MAX_AGE_MS });
}

export function clearSignedInHint(res: Response | undefined, config: Pick<AppConfig, 'secureCookies'>): void {
  res?.clearCookie(SIGNED_IN_HINT_COOKIE, options(config));
}

/** After passport's session: the hint follows whether this request has a signed-in session. */
export function signedInHint(config: Pick<AppConfig, 'secureCookies'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const hinted = hasSignedInHint(req.headers.cookie);
    if (req.user && !hinted) setSignedInHint(res, config);
    else if (!req.user && hinted) clearSignedInHint(res, config);
    next();
  };
}
