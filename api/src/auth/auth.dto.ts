import {
  forgotPasswordSchema,
  idParamSchema,
  loginSchema,
  passwordChangePayloadSchema,
  profileAddressUpdateSchema,
  registerPayloadSchema,
  resetPasswordPayloadSchema,
} from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class LoginDto extends createZodDto(loginSchema) {}
export class RegisterDto extends createZodDto(registerPayloadSchema) {}
export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordPayloadSchema) {}
export class PasswordChangeDto extends createZodDto(passwordChangePayloadSchema) {}
export class ProfileUpdateDto extends createZodDto(profileAddressUpdateSchema) {}
/** Route params of /api/users/:id/... */
export class UserParams extends createZodDto(z.strictObject({ id: idParamSchema })) {}
