import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { AdminBootstrap } from './admin.bootstrap';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorEntity } from './second-factor.entity';
import { SecondFactorService } from './second-factor.service';
import { SessionService } from './session.service';
import { SignInEntity } from './sign-in.entity';
import { SignInsService } from './sign-ins.service';
import { StepUpService } from './step-up.service';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users, sessions (passport-local over express-session), password reset, sign-in limits, the first admin, two-step sign-in and step-up. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetTokenEntity, SecondFactorEntity, RecoveryCodeEntity, SignInEntity]), SettingsModule],
  controllers: [AuthController, UsersController, SecondFactorController],
  providers: [UsersService, AuthService, SessionService, LoginThrottle, AdminBootstrap, SecondFactorService, StepUpService, SignInsService],
  exports: [UsersService],
})
export class AuthModule {}
