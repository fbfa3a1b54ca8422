import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { isOneTimeCode, SECOND_FACTOR_REQUIRED } from '@cocoa/shared-types';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { DataSource } from 'typeorm';
import { UnauthenticatedError, UserInputError } from '../common/domain-errors';
import { clientAddress } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle.service';
import { SecondFactorService } from './second-factor.service';
import { revokeOtherSessions } from './session-store.service';
import { limitSession } from './session-limits';
import { sessionCookieName } from './session.constants';
import { SignInsService } from './sign-ins.service';
import { clearSignedInHint, setSignedInHint } from './signed-in-hint';
import { StepUpService } from './step-up.service';
import { UsersService } from './users.service';

export const INVALID_CREDENTIALS = 'Invalid username or password';
/** How long a right password waits for the account's second factor before it must be entered again. */
const SECOND_FACTOR_WAIT_MS = 5 * 60 * 1000;

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

/**
 * Writes the session to the store before the answer goes out. express-session writes a changed
 * session only as the answer ends, after the headers (with a new session's cookie) are sent, so a
 * request sent as soon as those arrive could read the session before that write: a sign-in stored
 * by passport without its limits (signed out again at once), a step-up or a pending code not yet seen.
 */
const saveSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((err?: unknown) => (err ? reject(asError(err)) : resolve())));

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
    private readonly secondFactors: SecondFactorService,
    private readonly stepUp: StepUpService,
    private readonly signIns: SignInsService,
    @InjectDataSource() private readonly dataSource: DataSource,
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
    if (await this.secondFactors.isEnabled(user.id)) {
      attempt.passedPassword();
      await this.awaitSecondFactor(req, user);
      throw new UnauthenticatedError('Enter the 6-digit code from your authenticator app, or a recovery code.', SECOND_FACTOR_REQUIRED);
    }
    await attempt.succeeded();
    await this.logIn(req, user);
    return user;
  }

  /**
   * The second step of signing in to an account with a second factor (docs/security.md): a
   * one-time code from its app, or one of its recovery codes, within 5 minutes of the right
   * password. A wrong code counts against the account and the address like a wrong password.
   */
  async logInWithSecondFactor(req: Request, code: string): Promise<SessionUser> {
    const pending = req.session.secondFactorPending;
    const user = pending && Date.now() - pending.passedAt < SECOND_FACTOR_WAIT_MS ? await this.users.findSessionUser(pending.userId) : undefined;
    if (!user) {
      delete req.session.secondFactorPending;
      throw new UnauthenticatedError('Please sign in with your password again, then enter the code within 5 minutes.', 'SECOND_FACTOR_EXPIRED');
    }
    const attempt = await this.throttle.begin(user.username, clientAddress(req));
    const right = isOneTimeCode(code) ? await this.secondFactors.takeOneTimeCode(user.id, code) : await this.secondFactors.spendRecoveryCode(user.id, code);
    if (!right) {
      await attempt.failed();
      throw new UnauthenticatedError('That code is not right, or it was used already. Enter the newest code your app shows.', 'INVALID_CODE');
    }
    await attempt.succeeded();
    await this.logIn(req, user);
    return user;
  }

  /**
   * Step-up (docs/security.md): the signed-in user proves again who they are, with their password
   * or a one-time code from their app, and the session counts as freshly checked from now. A wrong
   * one is refused and counts against the account like a wrong password.
   */
  async stepUpWith(req: Request, user: SessionUser, proof: { password?: string; code?: string }): Promise<void> {
    const attempt = await this.throttle.begin(user.username);
    const right =
      proof.code !== undefined
        ? await this.secondFactors.takeOneTimeCode(user.id, proof.code)
        : (await this.auth.validateCredentials(user.username, proof.password ?? ''))?.id === user.id;
    if (!right) {
      await attempt.failed();
      throw new UserInputError(
        proof.code !== undefined ? 'That code is not right, or it was used already.' : 'That password is not right.',
        'STEP_UP_INCORRECT',
      );
    }
    await attempt.succeeded();
    this.stepUp.recordProof(req);
    await saveSession(req);
  }

  /**
   * A new session that signs nobody in and remembers only that this user's password was right,
   * and when: a session id planted before, or somebody else's session, keeps nothing.
   */
  private async awaitSecondFactor(req: Request, user: SessionUser): Promise<void> {
    const wasSignedIn = Boolean(req.user);
    await new Promise<void>((resolve, reject) => req.session.regenerate((err?: unknown) => (err ? reject(asError(err)) : resolve())));
    req.session.secondFactorPending = { userId: user.id, passedAt: Date.now() };
    // Stored (and its cookie kept) only as long as the code may come.
    req.session.cookie.maxAge = SECOND_FACTOR_WAIT_MS;
    await saveSession(req);
    if (wasSignedIn) clearSignedInHint(req.res, this.config);
  }

  /**
   * passport 0.7 regenerates the session id here, so a planted session id is never promoted. The
   * signed-in hint cookie follows. Every caller has just checked a password or a code, so the new
   * session starts freshly checked (StepUpService). The session is put under its user's limits
   * (session-limits.ts), and the sign-in is recorded for the account's Security page.
   */
  async logIn(req: Request, user: SessionUser): Promise<void> {
    await this.startSession(req, user, Date.now());
    await this.signIns.record(user.id, { ipAddress: clientAddress(req), userAgent: req.get('user-agent'), sessionId: req.sessionID });
  }

  /**
   * The caller's session under a new id (after a password change has ended every session of the
   * account): the same sign-in, so it keeps its sign-in time (and so its total limit) and its record.
   */
  async renew(req: Request, user: SessionUser): Promise<void> {
    const previousId = req.sessionID;
    await this.startSession(req, user, req.session.limit?.signedInAt ?? Date.now());
    await this.signIns.followRenewedSession(previousId, req.sessionID);
  }

  private async startSession(req: Request, user: SessionUser, signedInAt: number): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn(user, (err?: unknown) => (err ? reject(asError(err)) : resolve())));
    limitSession(req, user, this.config, signedInAt);
    this.stepUp.recordProof(req);
    await saveSession(req);
    setSignedInHint(req.res, this.config);
  }

  /** "Sign out other devices": ends every session of the account but the caller's own; how many ended. */
  async signOutOthers(req: Request, user: SessionUser): Promise<number> {
    return revokeOtherSessions(this.dataSource.manager, user.id, req.sessionID);
  }

  /** Destroys the stored session and clears the cookie. */
  async logOut(req: Request): Promise<void> {
    if (req.session) {
      await new Promise<void>((resolve, reject) => req.session.destroy((err?: unknown) => (err ? reject(asError(err)) : resolve())));
    }
    req.res?.clearCookie(sessionCookieName(this.config), { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies });
    clearSignedInHint(req.res, this.config);
  }
}
