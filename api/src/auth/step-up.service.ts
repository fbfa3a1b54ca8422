import type { StepUpStatus } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { assertFresh, freshUntil } from '../common/step-up.guard';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';

/** The session's record of when its user last proved who they are. */
@Injectable()
export class StepUpService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The user just entered their password or a one-time code (a sign-in, a step-up). */
  recordProof(req: Request): void {
    req.session.provedAt = Date.now();
  }

  /** Until when this session counts as freshly checked (null: the next guarded action will ask). */
  status(req: Request): StepUpStatus {
    return { freshUntil: freshUntil(req, this.config)?.toISOString() ?? null };
  }

  /** For an action that needs the check only in some cases (a changed e-mail): the guard's refusal. */
  assertFresh(req: Request): void {
    assertFresh(req, this.config);
  }
}
