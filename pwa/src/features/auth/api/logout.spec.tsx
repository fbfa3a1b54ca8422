import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PERSISTED_QUERIES_KEY } from '../../../lib/persisted-queries';
import { fakeResponse, testQueryClient } from '../../../test/render';
import { useLogout } from './logout';
import { userQueryOptions } from './user';

const GRACE = { id: 1, username: 'grace' };

/** Grace signed in, the logout call answering `status`: the hook and the query client it clears. */
function logoutAnswering(status: number, body: unknown) {
  global.fetch = jest.fn(async () => fakeResponse(status, body));
  const client = testQueryClient();
  client.setQueryData(userQueryOptions.queryKey, GRACE as never);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useLogout(), { wrapper });
  act(() => result.current.mutate());
  return { client, result };
}

describe('logout', () => {
  afterEach(() => jest.restoreAllMocks());

  it('forgets the signed-in user at once, in memory and in the kept copy (a reload right after must not bring it back)', async () => {
    window.localStorage.setItem(PERSISTED_QUERIES_KEY, JSON.stringify({ clientState: { queries: [{ queryKey: ['user'], state: { data: GRACE } }] } }));
    const { client, result } = logoutAnswering(200, { message: 'Logged out' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(userQueryOptions.queryKey)).toBeNull();
    expect(window.localStorage.getItem(PERSISTED_QUERIES_KEY)).toBeNull();
  });

  it('a refused logout keeps everything as it was', async () => {
    window.localStorage.setItem(PERSISTED_QUERIES_KEY, '{"kept":true}');
    const { client, result } = logoutAnswering(500, { message: 'down' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(userQueryOptions.queryKey)).toEqual(GRACE);
    expect(window.localStorage.getItem(PERSISTED_QUERIES_KEY)).toBe('{"kept":true}');
  });
});
