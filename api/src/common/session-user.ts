import type { User } from '@cocoa/shared-types';

/** What a request knows of its signed-in user (loaded fresh from the database per request): the shared User shape. */
export type SessionUser = User;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Express.User needs its namespace
  namespace Express {
    // passport's Express.User is where req.user gets its type
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into passport's Express.User takes an interface; it adds nothing of its own
    interface User extends SessionUser {}
  }
}
