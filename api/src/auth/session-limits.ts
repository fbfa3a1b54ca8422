import type { NextFunction, Request, Response } from 'express';
import type { SessionData, Store } from 'express-session';
import type { AppConfig } from '../config/config.schema';

/** How long a session may last: without a request (idle) and from its sign-in (in all). */
interface SessionLimit {
  idleMs: number;
  maxMs: number;
}

declare module 'express-session' {
  interface SessionData {
    /** The limits the session was signed in under, and when its sign-in happened (ms since the epoch). */
    limit?: SessionLimit & { signedInAt: number };
  }
}

type LimitsConfig = Pick<AppConfig, 'ADMIN_SESSION_IDLE_S' | 'ADMIN_SESSION_MAX_S' | 'CUSTOMER_SESSION_IDLE_S' | 'CUSTOMER_SESSION_MAX_S'>;

/*
 * Session limits (docs/decisions.md "Sessions"): an admin's session ends after ADMIN_SESSION_IDLE_S
 * without a request or ADMIN_SESSION_MAX_S after its sign-in, a customer's after
 * CUSTOMER_SESSION_IDLE_S / CUSTOMER_SESSION_MAX_S, whichever comes first. Both are kept by the
 * server, on every request:
 * - the idle limit and the total by the session table's `expire`, which the store moves on each
 *   request to the sooner of "now + idle" and "sign-in + total" (limitSessionStore): the store does
 *   not hand out a session past it, and prunes it;
 * - the total, a change of role or of the limits by sessionLimits(), which ends the session outright.
 * The browser's cookie lasts until the total is up; it is not sent again on every answer.
 */

function limitFor(user: { isAdmin: boolean }, config: LimitsConfig): SessionLimit {
  return user.isAdmin
    ? { idleMs: config.ADMIN_SESSION_IDLE_S * 1000, maxMs: config.ADMIN_SESSION_MAX_S * 1000 }
    : { idleMs: config.CUSTOMER_SESSION_IDLE_S * 1000, maxMs: config.CUSTOMER_SESSION_MAX_S * 1000 };
}

/** Puts a session just signed in (or renewed, keeping its first sign-in's time) under its user's limits. */
export function limitSession(req: Request, user: { isAdmin: boolean }, config: LimitsConfig, signedInAt: number): void {
  const limit = limitFor(user, config);
  req.session.limit = { ...limit, signedInAt };
  req.session.cookie.maxAge = Math.max(1000, signedInAt + limit.maxMs - Date.now());
}

/** The session as the store keeps it, its `expire` (connect-pg-simple takes it from cookie.expires) at the sooner of its two limits. */
function withLimitedExpiry(session: SessionData): SessionData {
  const limit = session.limit;
  if (!limit) return session;
  const kept = JSON.parse(JSON.stringify(session)) as SessionData;
  kept.cookie.expires = new Date(Math.min(Date.now() + limit.idleMs, limit.signedInAt + limit.maxMs));
  return kept;
}

/** The session store, writing each signed-in session with the expiry its limits give it (on every request: express-session's touch). */
export function limitSessionStore<S extends Store>(store: S): S {
  const set = store.set.bind(store);
  store.set = (sid, session, callback) => set(sid, withLimitedExpiry(session), callback);
  const touch = store.touch?.bind(store);
  if (touch) store.touch = (sid, session, callback) => touch(sid, withLimitedExpiry(session), callback);
  return store;
}

/**
 * After passport's session: a signed-in session past its total, begun before these limits, or held
 * under limits that are no longer its user's (a changed role or setting) is ended here and now,
 * and the request goes on signed out (401 where a sign-in is needed). As at a sign-out, the
 * session is regenerated: its row is deleted and the browser gets a new, empty session's cookie.
 */
export function sessionLimits(config: LimitsConfig) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!req.user) return next();
    const expected = limitFor(req.user, config);
    const held = req.session.limit;
    if (held && held.idleMs === expected.idleMs && held.maxMs === expected.maxMs && Date.now() < held.signedInAt + held.maxMs) return next();
    req.session.regenerate((err?: unknown) => {
      if (err) return next(err);
      req.user = undefined;
      next();
    });
  };
}
