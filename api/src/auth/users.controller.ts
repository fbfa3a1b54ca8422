import type { CustomerProfile } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { PasswordChangeDto, ProfileUpdateDto, UserParams } from './auth.dto';
import { toCustomerProfileResponse } from './user.mapper';
import { UsersService } from './users.service';

/** The signed-in user's own account: password and customer profile. */
@Controller()
@SignedIn()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Patch('users/:id/password')
  @HttpCode(200)
  async changePassword(
    @CurrentUser() user: SessionUser,
    @Param() params: UserParams,
    @Body() body: PasswordChangeDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.users.changePassword(user, params.id, body.currentPassword, body.newPassword, req.sessionID);
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
