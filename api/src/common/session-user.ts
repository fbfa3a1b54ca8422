/** What a request knows of its signed-in user (loaded fresh from the database per request). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport's Express.User is where req.user gets its type
    interface User extends SessionUser {}
  }
}
