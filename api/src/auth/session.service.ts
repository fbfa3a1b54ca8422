import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { UnauthenticatedError } from '../common/domain-errors';
import { clientAddress } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle.service';
import { SESSION_COOKIE } from './session.constants';
import { clearSignedInHint, setSignedInHint } from './signed-in-hint';
import { UsersService } from './users.service';

export const INVALID_CREDENTIALS = 'Invalid username or password';

type UserLoader = (id: number) => Promise<SessionUser | undefined>;
/** What `passport.authenticate(strategy, options, callback)` returns (typed `any` by @types/passport). */
type PassportMiddleware = (req: Request, res: Request['res'], next: (err?: unknown) => void) => void;

/**
 * passport keeps one global list of (de)serializers, but a process may hold several apps (tests):
 * the deserializer registered once looks up the loader of the app serving the request.
 */
const loaders = new WeakMap<object, UserLoader>();

/** passport's and express-session's callback errors are Errors; anything else is wrapped so a rejection carries a stack. */
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(`session callback failed: ${String(err)}`));
let hooksRegistered = false;

function registerPassportHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  passport.serializeUser((user: Express.User, done) => done(null, user.id));
  passport.deserializeUser((req: Request, id: unknown, done: (err: unknown, user?: Express.User | false) => void) => {
    const load = loaders.get(req.app);
    if (!load || typeof id !== 'number') return done(null, false);
    // A user deleted since the session began is signed out (false drops them from the session).
    load(id).then((user) => done(null, user ?? false), done);
  });
}

/** The session side of accounts: passport-local login, session login and logout. */
@Injectable()
export class SessionService implements OnModuleInit {
  private readonly local: LocalStrategy;

  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.local = new LocalStrategy((username, password, done) => {
      this.auth.validateCredentials(username, password).then((user) => done(null, user ?? false), done);
    });
  }

  onModuleInit(): void {
    registerPassportHooks();
    loaders.set(this.adapterHost.httpAdapter.getInstance<object>(), (id) => this.users.findSessionUser(id));
  }

  /**
   * Checks username and password (the body is already validated), then starts a new session.
   * Wrong passwords are counted per account and per address, and refused past the limits with 429
   * before the password is even checked (LoginThrottle).
   */
  async logInWithPassword(req: Request, username: string): Promise<SessionUser> {
    const attempt = await this.throttle.begin(username, clientAddress(req));
    const user = await new Promise<SessionUser | undefined>((resolve, reject) => {
      // passport sets its success/fail callbacks on the strategy object it is given: each request
      // gets its own (as passport does for a strategy registered by name), or sign-ins arriving
      // together answer each other's callbacks and all but one never answer.
      const strategy = Object.create(this.local) as LocalStrategy;
      const authenticate = passport.authenticate(strategy, { session: false }, (err: unknown, found: SessionUser | false) => {
        if (err) reject(asError(err));
        else resolve(found || undefined);
      }) as PassportMiddleware;
      authenticate(req, req.res, reject);
    });
    if (!user) {
      await attempt.failed();
      throw new UnauthenticatedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    }
    await attempt.succeeded();
    await this.logIn(req, user);
    return user;
  }

  /** passport 0.7 regenerates the session id here, so a planted session id is never promoted. The signed-in hint cookie follows. */
  async logIn(req: Request, user: SessionUser): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn(user, (err?: unknown) => (err ? reject(asError(err)) : resolve())));
    setSignedInHint(req.res, this.config);
  }

  /** Destroys the stored session and clears the cookie. */
  async logOut(req: Request): Promise<void> {
    if (req.session) {
      await new Promise<void>((resolve, reject) => req.session.destroy((err?: unknown) => (err ? reject(asError(err)) : resolve())));
    }
    req.res?.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies });
    clearSignedInHint(req.res, this.config);
  }
}
