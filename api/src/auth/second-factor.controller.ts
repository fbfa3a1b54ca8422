import {
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  secondFactorCodeSchema,
  secondFactorConfirmSchema,
  stepUpSchema,
  type StepUpStatus,
  type User,
} from '@cocoa/shared-types';
import { applyDecorators, Body, Controller, Delete, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { SecondFactorService } from './second-factor.service';
import { SessionService } from './session.service';
import { StepUp } from '../common/step-up.guard';
import { StepUpService } from './step-up.service';
import { toUserResponse } from './user.mapper';

class SecondFactorCodeDto extends createZodDto(secondFactorCodeSchema) {}
class SecondFactorConfirmDto extends createZodDto(secondFactorConfirmSchema) {}
class StepUpDto extends createZodDto(stepUpSchema) {}

/** SignedIn, and the answer is never stored by a browser or cache (it may hold a secret or codes). */
const SignedInNoStore = () => applyDecorators(SignedIn(), Header('Cache-Control', 'no-store'));

/**
 * Two-step sign-in and step-up (docs/security.md): the account's authenticator app and recovery
 * codes, the sign-in's second step, and the fresh re-check the most dangerous actions ask for.
 * Answers holding a secret or codes are never cached.
 */
@Controller()
export class SecondFactorController {
  constructor(
    private readonly secondFactors: SecondFactorService,
    private readonly sessions: SessionService,
    private readonly stepUp: StepUpService,
  ) {}

  /**
   * After POST /api/login answered SECOND_FACTOR_REQUIRED: a one-time code or a recovery code signs
   * in. Limited like the password (LoginThrottle: per account and per address).
   */
  @Post('login/second-factor')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async logIn(@Body() body: SecondFactorCodeDto, @Req() req: Request): Promise<User> {
    return toUserResponse(await this.sessions.logInWithSecondFactor(req, body.code));
  }

  @Get('auth/second-factor')
  @SignedInNoStore()
  status(@CurrentUser() user: SessionUser): Promise<SecondFactorStatus> {
    return this.secondFactors.status(user.id);
  }

  /** A secret and its QR code for the app; nothing is asked at sign-in until a code confirms it. */
  @Post('auth/second-factor/enrolment')
  @StepUp()
  @SignedInNoStore()
  @HttpCode(200)
  enrol(@CurrentUser() user: SessionUser): Promise<SecondFactorEnrolment> {
    return this.secondFactors.startEnrolment(user);
  }

  /** The first code from the app: the factor is on, and the recovery codes are answered once. The code counts as a fresh check. */
  @Post('auth/second-factor/enrolment/confirm')
  @SignedInNoStore()
  @HttpCode(200)
  async confirm(@CurrentUser() user: SessionUser, @Body() body: SecondFactorConfirmDto, @Req() req: Request): Promise<RecoveryCodes> {
    const codes = await this.secondFactors.confirmEnrolment(user.id, body.code);
    this.stepUp.recordProof(req);
    return codes;
  }

  /** A new set of recovery codes (the old ones stop working), answered once. */
  @Post('auth/second-factor/recovery-codes')
  @StepUp()
  @SignedInNoStore()
  @HttpCode(200)
  newRecoveryCodes(@CurrentUser() user: SessionUser): Promise<RecoveryCodes> {
    return this.secondFactors.newRecoveryCodes(user.id);
  }

  @Delete('auth/second-factor')
  @StepUp()
  @SignedInNoStore()
  async disable(@CurrentUser() user: SessionUser): Promise<SecondFactorStatus> {
    await this.secondFactors.disable(user.id);
    return this.secondFactors.status(user.id);
  }

  @Get('auth/step-up')
  @SignedInNoStore()
  stepUpStatus(@Req() req: Request): StepUpStatus {
    return this.stepUp.status(req);
  }

  /** The password, or a one-time code: the session counts as freshly checked for STEP_UP_MAX_AGE_S. */
  @Post('auth/step-up')
  @SignedInNoStore()
  @HttpCode(200)
  async stepUpWith(@CurrentUser() user: SessionUser, @Body() body: StepUpDto, @Req() req: Request): Promise<StepUpStatus> {
    await this.sessions.stepUpWith(req, user, body);
    return this.stepUp.status(req);
  }
}
