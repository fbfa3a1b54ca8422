import type { User } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import { RateLimit } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { ForgotPasswordDto, LoginDto, RegisterDto, ResetPasswordDto } from './auth.dto';
import { AuthService, FORGOT_PASSWORD_MESSAGE } from './auth.service';
import { SessionService } from './session.service';
import { toSessionUser, toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

/** Session and account: the current user, login, register, logout, password reset. */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  @Get('user')
  @SignedIn()
  @Header('Cache-Control', 'no-store')
  currentUser(@CurrentUser() user: SessionUser): User {
    return toUserResponse(user);
  }

  /** Limited by wrong passwords per account and per address (LoginThrottle), not by sign-ins. */
  @Post('login')
  @HttpCode(200)
  async login(@Body() credentials: LoginDto, @Req() req: Request): Promise<User> {
    return toUserResponse(await this.sessions.logInWithPassword(req, credentials.username));
  }

  @Post('register')
  @RateLimit('register')
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<User> {
    const user = toSessionUser(await this.users.register(body));
    await this.sessions.logIn(req, user);
    return toUserResponse(user);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request): Promise<{ message: string }> {
    await this.sessions.logOut(req);
    return { message: 'You have been logged out' };
  }

  /**
   * Answers at once, the same for every e-mail: the account is looked up, and its link made and
   * mailed, only once the answer has gone ('close': sent, or the caller hung up).
   */
  @Post('auth/forgot-password')
  @HttpCode(200)
  @RateLimit('forgot-password')
  forgotPassword(@Body() body: ForgotPasswordDto, @Req() req: Request): { message: string } {
    req.res?.once('close', () => this.auth.mailResetLinkLater(body.email));
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /** Limited per address by the bogus tokens it refuses; a reset that works is not counted. */
  @Post('auth/reset-password')
  @HttpCode(200)
  @RateLimit('reset-password', 'refused requests')
  resetPassword(@Body() body: ResetPasswordDto): Promise<{ message: string }> {
    return this.auth.resetPassword(body.token, body.newPassword);
  }
}
