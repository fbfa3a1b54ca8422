import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from './session-user';

/** The signed-in user on a public route (guest checkout, order lookup), or undefined for a visitor. */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser | undefined => {
  return context.switchToHttp().getRequest<Request>().user ?? undefined;
});
