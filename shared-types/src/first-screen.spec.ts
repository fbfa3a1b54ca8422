import { APP_ROUTES } from './app-shell';
import { DATED_FIRST_SCREENS, FIRST_SCREENS, firstScreenRoute } from './first-screen';

describe('firstScreenRoute', () => {
  it('names the public routes with a server-rendered first screen, as the router matches them', () => {
    expect(firstScreenRoute('/')).toEqual({ page: 'home' });
    expect(firstScreenRoute('/products')).toEqual({ page: 'products' });
    expect(firstScreenRoute('/Products/')).toEqual({ page: 'products' });
    expect(firstScreenRoute('/products/classic-dark-hot-cocoa')).toEqual({ page: 'product', slug: 'classic-dark-hot-cocoa' });
    expect(firstScreenRoute('/products/caf%C3%A9-au-lait/')).toEqual({ page: 'product', slug: 'café-au-lait' });
    expect(firstScreenRoute('/cocoa-tracker')).toEqual({ page: 'tracker' });
    expect(firstScreenRoute('/events/')).toEqual({ page: 'events' });
    expect(firstScreenRoute('/stops/12')).toEqual({ page: 'stop', id: '12' });
    expect(firstScreenRoute('/Stops/12/')).toEqual({ page: 'stop', id: '12' });
  });

  it('has none for the other routes; a param that cannot be decoded is kept as it came (no product or stop has it)', () => {
    for (const path of ['/about', '/index.html', '/productsx', '/products/a/b', '/cocoa-tracker/x', '/events/1', '/cart', '/stops', '/stops/1/pickup'])
      expect({ path, route: firstScreenRoute(path) }).toEqual({ path, route: null });
    expect(firstScreenRoute('/products/%E0%A4%A')).toEqual({ page: 'product', slug: '%E0%A4%A' });
    // any id: the API answers one that is no stop's with the 404 page
    expect(firstScreenRoute('/stops/abc')).toEqual({ page: 'stop', id: 'abc' });
    expect(firstScreenRoute('/stops/%E0')).toEqual({ page: 'stop', id: '%E0' });
  });
});

describe('FIRST_SCREENS', () => {
  it('declares each page once: its route is an app route, and the dated ones are those showing the stops', () => {
    expect(Object.keys(FIRST_SCREENS)).toEqual(['home', 'products', 'product', 'tracker', 'events', 'stop']);
    for (const { route } of Object.values(FIRST_SCREENS)) expect(APP_ROUTES[route]).toBeDefined();
    expect([...DATED_FIRST_SCREENS]).toEqual(['tracker', 'events', 'stop']);
  });
});
