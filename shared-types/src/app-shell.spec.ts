import { isAppRoute } from './app-shell';

describe('isAppRoute (the route table the API answers 404 outside of)', () => {
  it.each([
    '/',
    '/products',
    '/products/',
    '/products/classic-dark-hot-cocoa',
    '/products/a%20b',
    '/PRODUCTS',
    '/cocoa-tracker',
    '/auth',
    '/account/',
    '/products//',
    '/admin',
    '/reset-password',
    '/privacy',
    '/terms',
    '/refund-policy',
    '/shipping',
  ])('%s is a page of the app', (path) => expect(isAppRoute(path)).toBe(true));

  it.each([
    '/no/such/page',
    '/productsx',
    '/products/a/b',
    '/products//x',
    '/cocoa-tracker/x',
    '/admin/settings',
    '/about.html',
    '/index.php',
    '/.env',
    '//products',
    '/auth/../admin',
  ])('%s is not', (path) => expect(isAppRoute(path)).toBe(false));
});
