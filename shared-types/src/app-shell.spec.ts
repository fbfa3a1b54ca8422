import { deepLinkShellOf, isAppRoute } from './app-shell';

describe('deep-link shell', () => {
  it('leaves out the home hero and keeps everything around it', () => {
    const index = '<body><header>Cocoa</header><!--home-only: hero--><section>Experience Cocoa</section><!--/home-only--><main id="root"></main></body>';
    expect(deepLinkShellOf(index)).toBe('<body><header>Cocoa</header><main id="root"></main></body>');
  });

  it('returns a page without the markers unchanged', () => {
    expect(deepLinkShellOf('<body><main></main></body>')).toBe('<body><main></main></body>');
  });
});

describe('isAppRoute (the route table the API answers 404 outside of)', () => {
  it.each(['/', '/products', '/products/', '/products/classic-dark-hot-cocoa', '/products/a%20b', '/PRODUCTS', '/cocoa-tracker', '/auth', '/account/', '/products//', '/admin', '/reset-password', '/privacy', '/terms', '/shipping'])(
    '%s is a page of the app',
    (path) => expect(isAppRoute(path)).toBe(true),
  );

  it.each(['/no/such/page', '/productsx', '/products/a/b', '/products//x', '/cocoa-tracker/x', '/admin/settings', '/about.html', '/index.php', '/.env', '//products', '/auth/../admin'])(
    '%s is not',
    (path) => expect(isAppRoute(path)).toBe(false),
  );
});
