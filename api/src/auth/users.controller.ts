import type { CustomerProfile } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { PasswordChangeDto, ProfileUpdateDto, UserParams } from './auth.dto';
import { SessionService } from './session.service';
import { toCustomerProfileResponse } from './user.mapper';
import { UsersService } from './users.service';

/** The signed-in user's own account: password and customer profile. */
@Controller()
@SignedIn()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * The change ends every session of the account; the caller goes on signed in under a new
   * session id (the response sets the new cookie), the other devices sign in again.
   */
  @Patch('users/:id/password')
  @HttpCode(200)
  async changePassword(
    @CurrentUser() user: SessionUser,
    @Param() params: UserParams,
    @Body() body: PasswordChangeDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.users.changePassword(user, params.id, body.currentPassword, body.newPassword);
    await this.sessions.logIn(req, user);
    return { message: 'Password updated' };
  }

  @Get('me/customer')
  @Header('Cache-Control', 'no-store')
  async profile(@CurrentUser() user: SessionUser): Promise<CustomerProfile> {
    return toCustomerProfileResponse(await this.users.getProfile(user.id));
  }

  @Patch('me/customer')
  async updateProfile(@CurrentUser() user: SessionUser, @Body() body: ProfileUpdateDto): Promise<CustomerProfile> {
    return toCustomerProfileResponse(await this.users.updateProfile(user.id, body));
  }
}
