import { firstScreenRoute } from './first-screen';

describe('firstScreenRoute', () => {
  it('names the public routes with a server-rendered first screen, as the router matches them', () => {
    expect(firstScreenRoute('/')).toEqual({ page: 'home' });
    expect(firstScreenRoute('/products')).toEqual({ page: 'products' });
    expect(firstScreenRoute('/Products/')).toEqual({ page: 'products' });
    expect(firstScreenRoute('/products/classic-dark-hot-cocoa')).toEqual({ page: 'product', slug: 'classic-dark-hot-cocoa' });
    expect(firstScreenRoute('/products/caf%C3%A9-au-lait/')).toEqual({ page: 'product', slug: 'café-au-lait' });
    expect(firstScreenRoute('/cocoa-tracker')).toEqual({ page: 'tracker' });
    expect(firstScreenRoute('/events/')).toEqual({ page: 'events' });
  });

  it('has none for the other routes; a slug that cannot be decoded is kept as it came (no product has it)', () => {
    for (const path of ['/about', '/index.html', '/productsx', '/products/a/b', '/cocoa-tracker/x', '/events/1', '/cart']) expect({ path, route: firstScreenRoute(path) }).toEqual({ path, route: null });
    expect(firstScreenRoute('/products/%E0%A4%A')).toEqual({ page: 'product', slug: '%E0%A4%A' });
  });
});
