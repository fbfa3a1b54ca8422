import { applyDecorators, type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { STEP_UP_REQUIRED } from '@cocoa/shared-types';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from './domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';

declare module 'express-session' {
  interface SessionData {
    /** When the signed-in user last entered their password or a one-time code (ms since the epoch). */
    provedAt?: number;
    /** A right password of an account with a second factor, waiting for its code: nobody is signed in yet. */
    secondFactorPending?: { userId: number; passedAt: number };
  }
}

/** Marks a route that asks for a fresh check (the route-guard test lists them). */
export const STEP_UP_KEY = 'step-up';
const STEP_UP_MESSAGE = 'Please confirm it is you: enter your password, or a code from your app, to go on.';

/**
 * Step-up (docs/security.md): an action marked with @StepUp() runs only when the session's user
 * entered their password or a one-time code within STEP_UP_MAX_AGE_S seconds (signing in counts).
 * Otherwise it answers 403 { code: 'STEP_UP_REQUIRED' } before the body is even read, so nothing
 * changes; POST /api/auth/step-up renews the check. The time lives in the session (the database), so
 * every replica agrees, and a new session (another sign-in) starts with its own.
 */
export function freshUntil(req: Request, config: AppConfig): Date | null {
  const provedAt = req.session?.provedAt;
  if (!req.user || typeof provedAt !== 'number') return null;
  const until = provedAt + config.STEP_UP_MAX_AGE_S * 1000;
  return until > Date.now() ? new Date(until) : null;
}

export function assertFresh(req: Request, config: AppConfig): void {
  if (!req.user) throw new UnauthenticatedError();
  if (!freshUntil(req, config)) throw new ForbiddenError(STEP_UP_MESSAGE, STEP_UP_REQUIRED);
}

/** Needs only the configuration: any module's controller uses it; AuthModule records the proofs (StepUpService). */
@Injectable()
class StepUpGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    assertFresh(context.switchToHttp().getRequest<Request>(), this.config);
    return true;
  }
}

/**
 * A fresh password or one-time code (within STEP_UP_MAX_AGE_S) before this action. On a method that
 * carries @AdminOnly()/@SignedIn() itself, write it above them: decorators apply from the bottom up,
 * so theirs run first and anonymous callers and customers get their usual answers.
 */
export const StepUp = () => applyDecorators(SetMetadata(STEP_UP_KEY, true), UseGuards(StepUpGuard));
