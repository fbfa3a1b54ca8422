import { testQueryClient } from '../test/render';
import { persistable } from './query-client';

describe('what the query cache keeps in localStorage', () => {
  const client = testQueryClient();
  const query = (key: unknown[]) => {
    client.setQueryData(key, { any: 'data' });
    return client.getQueryCache().find({ queryKey: key })!;
  };

  it('keeps the public answers a phone needs offline: catalogue, stops, the signed-in user', () => {
    for (const key of [['products'], ['events', 'month', '2026-11'], ['events', 'upcoming', '2026-11-26'], ['user']]) expect([key, persistable(query(key))]).toEqual([key, true]);
  });

  it('never writes personal data or the admin’s to localStorage: orders, order pages, profile, dashboard', () => {
    for (const key of [['me', 'orders', 7], ['order', 'a1b2', 'token', 0], ['orders', 'a1b2'], ['admin', 'orders', 'list', {}]]) expect([key, persistable(query(key))]).toEqual([key, false]);
  });
});
