import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Header,
  HttpCode,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from './domain-errors';
import type { SessionUser } from './session-user';

export const ACCESS_KEY = 'access';
export type Access = 'signed-in' | 'admin';

@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.user) throw new UnauthenticatedError();
    return true;
  }
}

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.user) throw new UnauthenticatedError();
    if (!req.user.isAdmin) throw new ForbiddenError('Admin access required');
    return true;
  }
}

/** 401 for anonymous callers. The metadata lets the route-guard test list what is protected. */
export const SignedIn = () => applyDecorators(SetMetadata(ACCESS_KEY, 'signed-in' satisfies Access), UseGuards(SignedInGuard));

/** 401 anonymous, 403 signed-in non-admin. */
export const AdminOnly = () => applyDecorators(SetMetadata(ACCESS_KEY, 'admin' satisfies Access), UseGuards(AdminGuard));

/** Admin answers are never stored by a browser or shared cache. */
export const NoStore = () => Header('Cache-Control', 'private, no-store');

/** An admin-only read: AdminOnly, and the answer is never stored (NoStore). */
export const AdminRead = () => applyDecorators(AdminOnly(), NoStore());

/** An admin-only command that answers 200 with its result (not POST's default 201). */
export const AdminAction = () => applyDecorators(AdminOnly(), HttpCode(200));

/** The signed-in user; only on routes behind SignedIn or AdminOnly. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw new UnauthenticatedError();
  return user;
});
