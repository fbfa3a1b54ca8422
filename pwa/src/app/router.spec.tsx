import { Children, isValidElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { APP_ROUTES, isAppRoute } from '@cocoa/shared-types';
import { AppRoutes } from './router';

/** The API answers 404 outside shared-types' APP_ROUTES: the router must have no other page, and match as the API does. */
describe('the route table shared with the API', () => {
  it('declares exactly the shared routes, plus the 404 page for the rest', () => {
    const table = AppRoutes() as ReactElement<{ children: ReactElement<{ path: string }>[] }>;
    const paths = Children.toArray(table.props.children)
      .filter(isValidElement)
      .map((route) => (route as ReactElement<{ path: string }>).props.path);
    expect(paths).toEqual([...Object.values(APP_ROUTES), '*']);
  });

  it.each([
    '/',
    '/products',
    '/products/',
    '/Products',
    '/products/classic-dark-hot-cocoa',
    '/products/a%2Fb',
    '/products/x/',
    '/products/x//',
    '/products/a/b',
    '/products//',
    '/products///x',
    '/cocoa-tracker',
    '/cocoa-tracker/x',
    '/account/',
    '/admin',
    '/admin/x',
    '/no/such/page',
    '/productsx',
    '/index.html',
    '//products',
  ])('%s: isAppRoute agrees with react-router', (path) => {
    const routes = Object.values(APP_ROUTES).map((p) => ({ path: p }));
    expect(isAppRoute(path)).toBe(matchRoutes(routes, path) !== null);
  });
});
