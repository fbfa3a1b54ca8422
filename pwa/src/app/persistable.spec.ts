import { waitFor } from '@testing-library/react';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { testQueryClient } from '../test/render';
import { persistable, restorePersistedQueries } from './query-client';

describe('what the query cache keeps in localStorage', () => {
  const client = testQueryClient();
  const query = (key: unknown[]) => {
    client.setQueryData(key, { any: 'data' });
    return client.getQueryCache().find({ queryKey: key })!;
  };

  it('keeps the public answers a phone needs offline: catalogue, stops, the signed-in user', () => {
    for (const key of [['products'], ['events', 'month', '2026-11'], ['events', 'upcoming', '2026-11-26'], ['user']])
      expect([key, persistable(query(key))]).toEqual([key, true]);
  });

  it('never writes personal data or the admin’s to localStorage: orders, order pages, profile, dashboard', () => {
    for (const key of [
      ['me', 'orders', 7],
      ['order', 'a1b2', 'token', 0],
      ['orders', 'a1b2'],
      ['admin', 'orders', 'list', {}],
    ])
      expect([key, persistable(query(key))]).toEqual([key, false]);
  });
});

describe('the persisted cache, restored before the first render (restorePersistedQueries)', () => {
  const stored = (client: QueryClient, at: number, buster = 'v1'): PersistedClient => ({ timestamp: at, buster, clientState: dehydrate(client) });
  const persisterOf = (restored: PersistedClient | Error | undefined) => {
    const saved: PersistedClient[] = [];
    const persister: Persister = {
      persistClient: async (client) => void saved.push(client),
      restoreClient: async () => {
        if (restored instanceof Error) throw restored;
        return restored;
      },
      removeClient: jest.fn(async () => undefined),
    };
    return { persister, saved };
  };

  it('keeps the page’s own newer answer over the stored one, and restores what the page did not bring', async () => {
    const before = testQueryClient();
    before.setQueryData(['products'], ['stored list'], { updatedAt: Date.now() - 60_000 });
    before.setQueryData(['categories'], ['stored categories'], { updatedAt: Date.now() - 60_000 });
    const client = testQueryClient();
    client.setQueryData(['products'], ['from the page']);
    await restorePersistedQueries(client, persisterOf(stored(before, Date.now() - 60_000)).persister);
    expect(client.getQueryData(['products'])).toEqual(['from the page']);
    expect(client.getQueryData(['categories'])).toEqual(['stored categories']);
  });

  it('saves later changes, without personal data', async () => {
    const { persister, saved } = persisterOf(undefined);
    const client = testQueryClient();
    await restorePersistedQueries(client, persister);
    client.setQueryData(['products'], ['a product']);
    client.setQueryData(['me', 'orders', 1], ['an order']);
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    const keys = saved.at(-1)!.clientState.queries.map((q) => q.queryKey[0]);
    expect(keys).toContain('products');
    expect(keys).not.toContain('me');
  });

  it('starts without a store that cannot be read or is from another version, and drops it', async () => {
    for (const restored of [new Error('corrupt'), stored(testQueryClient(), Date.now(), 'v0')]) {
      const { persister } = persisterOf(restored);
      await expect(restorePersistedQueries(testQueryClient(), persister)).resolves.toBeUndefined();
      expect(persister.removeClient).toHaveBeenCalled();
    }
  });
});
