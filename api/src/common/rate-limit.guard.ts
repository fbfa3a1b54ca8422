import { applyDecorators, type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { TooManyRequestsError } from './domain-errors';

const BUCKET_KEY = 'rate-limit-bucket';

/**
 * Fixed-window limit per client address and bucket (login, register, forgot-password, contact).
 * Kept in memory: each replica limits on its own, which bounds abuse without shared state.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const bucket = this.reflector.get<string>(BUCKET_KEY, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const now = Date.now();
    const key = `${bucket}:${req.ip ?? 'unknown'}`;
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 10000) this.prune(now);
      entry = { count: 0, resetAt: now + this.config.RATE_LIMIT_WINDOW_MS };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > this.config.RATE_LIMIT_MAX) {
      const minutes = Math.max(1, Math.ceil((entry.resetAt - now) / 60000));
      throw new TooManyRequestsError(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    return true;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export const RateLimit = (bucket: string) => applyDecorators(SetMetadata(BUCKET_KEY, bucket), UseGuards(RateLimitGuard));
