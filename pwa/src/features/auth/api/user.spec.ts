import { fetchUser } from './user';
import { mockFetch } from '../../../test/render';

describe('fetchUser', () => {
  afterEach(() => {
    document.cookie = 'cocoa.signedin=1; path=/';
  });

  it('asks the server only when the signed-in hint cookie is there', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not authenticated' } } });
    expect(await fetchUser()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/user']);

    document.cookie = 'cocoa.signedin=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(await fetchUser()).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
