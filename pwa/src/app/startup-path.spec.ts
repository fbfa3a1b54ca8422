import { STARTUP_PATH_KEY, startupPathFor } from './startup-path';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('startup path override', () => {
  it('saves ?startPath and goes there at once', () => {
    const storage = memoryStorage();
    expect(startupPathFor({ pathname: '/', search: '?startPath=/cocoa-tracker' }, storage)).toBe('/cocoa-tracker');
    expect(storage.items.get(STARTUP_PATH_KEY)).toBe('/cocoa-tracker');
  });

  it('sends later starts at / to the saved path, and leaves other deep links alone', () => {
    const storage = memoryStorage({ [STARTUP_PATH_KEY]: '/events' });
    expect(startupPathFor({ pathname: '/', search: '' }, storage)).toBe('/events');
    expect(startupPathFor({ pathname: '/products', search: '' }, storage)).toBeNull();
  });

  it('clears the override with an empty ?startPath= and drops the parameter from the address', () => {
    const storage = memoryStorage({ [STARTUP_PATH_KEY]: '/events' });
    expect(startupPathFor({ pathname: '/products', search: '?startPath=&category=shakes' }, storage)).toBe('/products?category=shakes');
    expect(storage.items.has(STARTUP_PATH_KEY)).toBe(false);
    expect(startupPathFor({ pathname: '/', search: '' }, storage)).toBeNull();
  });

  it('refuses paths outside the app: other origins, the API, uploads', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/api/user', '/uploads/a.png', 'cocoa-tracker', '/\\evil.example']) {
      const storage = memoryStorage();
      expect(startupPathFor({ pathname: '/', search: `?startPath=${encodeURIComponent(bad)}` }, storage)).toBe('/');
      expect(storage.items.has(STARTUP_PATH_KEY)).toBe(false);
    }
    expect(startupPathFor({ pathname: '/', search: '' }, memoryStorage({ [STARTUP_PATH_KEY]: '//evil.example' }))).toBeNull();
  });

  it('works for this visit when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(startupPathFor({ pathname: '/', search: '?startPath=/cocoa-tracker' }, blocked)).toBe('/cocoa-tracker');
    expect(startupPathFor({ pathname: '/', search: '' }, blocked)).toBeNull();
  });
});
