import { SIGNED_IN_HINT_COOKIE } from '@cocoa/shared-types';
import supertest from 'supertest';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { SESSION_COOKIE } from './session.constants';

/** The cookies a response sets, by name: the whole Set-Cookie line of each. */
const setCookies = (res: supertest.Response): Record<string, string> =>
  Object.fromEntries(((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((line) => [line.split('=')[0], line]));

describe('the signed-in hint cookie (the site asks GET /api/user only when it is there)', () => {
  const t = useTestApp();

  it('is set at sign-in beside the session (readable by the page, no secret in it) and cleared at sign-out', async () => {
    const agent = t.agent();
    const login = await agent.post('/api/login').send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(login.status).toBe(200);
    const cookies = setCookies(login);
    expect(cookies[SIGNED_IN_HINT_COOKIE]).toMatch(/^cocoa\.signedin=1; Max-Age=\d+; Path=\/; Expires=.+; SameSite=Lax$/);
    expect(cookies[SIGNED_IN_HINT_COOKIE]).not.toMatch(/HttpOnly/i);
    expect(cookies[SESSION_COOKIE]).toMatch(/HttpOnly/);

    const logout = await agent.post('/api/logout');
    expect(setCookies(logout)[SIGNED_IN_HINT_COOKIE]).toMatch(/^cocoa\.signedin=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  it('follows the session on any request: a session without the hint gets it, a hint without a session loses it', async () => {
    const agent = t.agent();
    const login = await agent.post('/api/login').send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    const session = setCookies(login)[SESSION_COOKIE].split(';')[0];
    // A session from before the hint existed: only the session cookie is sent.
    const withoutHint = await supertest(t.app.getHttpServer()).get('/api/user').set('Cookie', session);
    expect(withoutHint.status).toBe(200);
    expect(setCookies(withoutHint)[SIGNED_IN_HINT_COOKIE]).toMatch(/^cocoa\.signedin=1;/);
    // Signed out elsewhere (or expired): the page still holds the hint, the server clears it.
    const stale = await supertest(t.app.getHttpServer()).get('/api/user').set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`);
    expect(stale.status).toBe(401);
    expect(setCookies(stale)[SIGNED_IN_HINT_COOKIE]).toMatch(/^cocoa\.signedin=;/);
    // Neither: nothing is set.
    expect(setCookies(await t.agent().get('/api/user'))[SIGNED_IN_HINT_COOKIE]).toBeUndefined();
  });
});
