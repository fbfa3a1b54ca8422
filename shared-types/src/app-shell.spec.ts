import { deepLinkShellOf } from './app-shell';

describe('deep-link shell', () => {
  it('leaves out the home hero and keeps everything around it', () => {
    const index = '<body><header>Cocoa</header><!--home-only: hero--><section>Experience Cocoa</section><!--/home-only--><main id="root"></main></body>';
    expect(deepLinkShellOf(index)).toBe('<body><header>Cocoa</header><main id="root"></main></body>');
  });

  it('returns a page without the markers unchanged', () => {
    expect(deepLinkShellOf('<body><main></main></body>')).toBe('<body><main></main></body>');
  });
});
