import { insertPackage } from '../bookings/bookings.fixtures';
import { startedInHooks, TEST_ADMIN, type TestAgent, type TestApp, useTestApp } from './test-app';

export interface BookingDesk {
  t: TestApp;
  /** The shop's admin, signed in. */
  admin: TestAgent;
  /** A package to book, as insertPackage makes it. */
  pkg: { id: number; name: string };
  /** The owner accepts the booking (with `body`: a note, the tracker choice). */
  accept(b: { id: number }, body?: object): ReturnType<TestAgent['post']>;
}

/**
 * The owner's side of a booking spec for the enclosing describe: a test app (with `env`), the
 * admin signed in and a package (with `pkg`), both ready before the block's tests.
 */
export function useBookingDesk(env: Record<string, string> = {}, pkg: Parameters<typeof insertPackage>[1] = {}): BookingDesk {
  const t = useTestApp(env);
  let ready: { admin: TestAgent; pkg: { id: number; name: string } } | undefined;
  beforeAll(async () => {
    ready = { admin: await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password), pkg: await insertPackage(t.dataSource, pkg) };
  });
  const admin = startedInHooks(() => ready?.admin, 'the signed-in admin');
  return {
    t,
    admin,
    pkg: startedInHooks(() => ready?.pkg, 'the package'),
    accept: (b, body = {}) => admin.post(`/api/admin/bookings/${b.id}/accept`).send(body),
  };
}
