import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  Header,
  HttpCode,
  Injectable,
  Patch,
  Post,
  Put,
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

/*
 * Admin routes: the route and its access in one decorator. A route that also asks for a fresh check
 * writes @StepUp() above it, so the admin guard runs first.
 */

/** GET, AdminRead: admin-only, the answer never stored. */
export const AdminGet = (path?: string) => applyDecorators(Get(path), AdminRead());

/** POST that makes something: admin-only, 201 with what it made (POST's default). */
export const AdminCreate = (path?: string) => applyDecorators(Post(path), AdminOnly());

/** POST of a command, AdminAction: admin-only, 200 with its result. */
export const AdminPost = (path?: string) => applyDecorators(Post(path), AdminAction());

/** PUT, admin-only. */
export const AdminPut = (path?: string) => applyDecorators(Put(path), AdminOnly());

/** PATCH, admin-only. */
export const AdminPatch = (path?: string) => applyDecorators(Patch(path), AdminOnly());

/** DELETE, admin-only: 204 and no body. */
export const AdminDelete = (path?: string) => applyDecorators(Delete(path), AdminOnly(), HttpCode(204));

function signedInUser(context: ExecutionContext): SessionUser {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw new UnauthenticatedError();
  return user;
}

/** The signed-in user; only on routes behind SignedIn or AdminOnly. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => signedInUser(context));

/** Who made a change, as the histories of orders, bookings and the cart record an admin's. */
export type AdminActor = `admin:${string}`;

/** The signed-in admin as the actor of a change: `admin:<username>`; only on routes behind AdminOnly. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): AdminActor => `admin:${signedInUser(context).username}`);
