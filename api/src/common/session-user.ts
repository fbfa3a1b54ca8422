import type { User } from '@cocoa/shared-types';

/** What a request knows of its signed-in user (loaded fresh from the database per request): the shared User shape. */
export type SessionUser = User;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport's Express.User is where req.user gets its type
    interface User extends SessionUser {}
  }
}
