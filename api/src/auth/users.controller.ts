import type { CustomerProfile, RecentSignIns, SignedOutOthers } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { IdParamDto } from '../common/id-param.dto';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { PasswordChangeDto, ProfileUpdateDto } from './auth.dto';
import { SessionService } from './session.service';
import { SignInsService } from './sign-ins.service';
import { StepUp } from '../common/step-up.guard';
import { StepUpService } from './step-up.service';
import { toCustomerProfileResponse } from './user.mapper';
import { UsersService } from './users.service';

/** The signed-in user's own account: password, customer profile, recent sign-ins and sessions. */
@Controller()
@SignedIn()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly stepUp: StepUpService,
    private readonly signIns: SignInsService,
  ) {}

  /**
   * The change ends every session of the account; the caller goes on signed in under a new
   * session id (the response sets the new cookie), still the same sign-in, and the other devices
   * sign in again.
   */
  @Patch('users/:id/password')
  @StepUp()
  @HttpCode(200)
  async changePassword(
    @CurrentUser() user: SessionUser,
    @Param() params: IdParamDto,
    @Body() body: PasswordChangeDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.users.changePassword(user, params.id, body.currentPassword, body.newPassword);
    await this.sessions.renew(req, user);
    return { message: 'Password updated' };
  }

  /** The account's Security page: its recent sign-ins, newest first, the caller's own marked. */
  @Get('me/sign-ins')
  @Header('Cache-Control', 'no-store')
  recentSignIns(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<RecentSignIns> {
    return this.signIns.recent(user.id, req.sessionID);
  }

  /** "Sign out other devices": every other session of the account ends; this one goes on. */
  @Post('me/sign-out-others')
  @HttpCode(200)
  async signOutOthers(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<SignedOutOthers> {
    const ended = await this.sessions.signOutOthers(req, user);
    return { message: ended === 1 ? 'Signed out 1 other device' : `Signed out ${ended} other devices`, ended };
  }

  @Get('me/customer')
  @Header('Cache-Control', 'no-store')
  async profile(@CurrentUser() user: SessionUser): Promise<CustomerProfile> {
    return toCustomerProfileResponse(await this.users.getProfile(user.id));
  }

  /** A new e-mail (where reset links go) asks for a fresh check first (docs/security.md); the other fields do not. */
  @Patch('me/customer')
  async updateProfile(@CurrentUser() user: SessionUser, @Body() body: ProfileUpdateDto, @Req() req: Request): Promise<CustomerProfile> {
    if (body.email.toLowerCase() !== user.email.toLowerCase()) this.stepUp.assertFresh(req);
    return toCustomerProfileResponse(await this.users.updateProfile(user.id, body));
  }
}
