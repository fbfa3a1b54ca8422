import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminBootstrap } from './admin.bootstrap';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users, sessions (passport-local over express-session), password reset, sign-in limits, the first admin. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetTokenEntity])],
  controllers: [AuthController, UsersController],
  providers: [UsersService, AuthService, SessionService, LoginThrottle, AdminBootstrap],
  exports: [UsersService],
})
export class AuthModule {}
