import type { User } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import { RateLimit } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { ForgotPasswordDto, LoginDto, RegisterDto, ResetPasswordDto } from './auth.dto';
import { AuthService } from './auth.service';
import { SessionService } from './session.service';
import { toSessionUser, toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

/** SPEC §7 "Session and account": the current user, login, register, logout, password reset. */
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

  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  async login(@Body() _credentials: LoginDto, @Req() req: Request): Promise<User> {
    return toUserResponse(await this.sessions.logInWithPassword(req));
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

  @Post('auth/forgot-password')
  @HttpCode(200)
  @RateLimit('forgot-password')
  forgotPassword(@Body() body: ForgotPasswordDto): Promise<{ message: string }> {
    return this.auth.requestPasswordReset(body.email);
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordDto): Promise<{ message: string }> {
    return this.auth.resetPassword(body.token, body.newPassword);
  }
}
