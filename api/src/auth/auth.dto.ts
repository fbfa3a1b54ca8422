import {
  forgotPasswordSchema,
  loginSchema,
  passwordChangePayloadSchema,
  profileAddressUpdateSchema,
  registerPayloadSchema,
  resetPasswordPayloadSchema,
} from '@cocoa/shared-types';
import { createZodDto } from '../common/zod-validation.pipe';

export class LoginDto extends createZodDto(loginSchema) {}
export class RegisterDto extends createZodDto(registerPayloadSchema) {}
export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordPayloadSchema) {}
export class PasswordChangeDto extends createZodDto(passwordChangePayloadSchema) {}
export class ProfileUpdateDto extends createZodDto(profileAddressUpdateSchema) {}
