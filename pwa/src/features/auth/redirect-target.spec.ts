import { redirectTarget } from './redirect-target';

const origin = 'https://shop.example';
/** What the auth page reads: the query string decoded by URLSearchParams, as in the browser. */
const fromQuery = (query: string) => redirectTarget(new URLSearchParams(query).get('redirect'), origin);

describe('redirectTarget keeps the post-login redirect on this site', () => {
  it.each([
    ['redirect=/%09/host/x'],
    ['redirect=/%0a/host/x'],
    ['redirect=/%0d/host/x'],
    ['redirect=/%09%5Chost/x'],
    ['redirect=%09//host/x'],
    ['redirect=//evil.example'],
    ['redirect=%2F%2Fevil.example'],
    ['redirect=/%2F%2Fevil.example'],
    ['redirect=/\\evil.example'],
    ['redirect=%2F%5Cevil.example'],
    ['redirect=\\\\evil.example'],
    ['redirect=https://evil.example/x'],
    ['redirect=https:%2F%2Fevil.example'],
    ['redirect=http://shop.example/x'],
    ['redirect=https://shop.example.evil.example/'],
    ['redirect=javascript:alert(1)'],
    ['redirect=JaVaScRiPt%3Aalert(1)'],
    ['redirect=%0Ajavascript:alert(1)'],
    ['redirect=data:text/html,hi'],
    ['redirect=/.//evil.example'],
    ['redirect=/..//evil.example'],
    ['redirect=https://shop.example@evil.example/'],
    ['redirect=http://[::1'],
  ])('%s goes home', (query) => {
    expect(fromQuery(query)).toBe('/');
  });

  it.each([
    ['redirect=/orders', '/orders'],
    ['redirect=%2Fcheckout', '/checkout'],
    ['redirect=/account%3Ftab%3Dpassword', '/account?tab=password'],
    ['redirect=/contact%23faq', '/contact#faq'],
    ['redirect=https://shop.example/orders', '/orders'],
    ['redirect=/products/../admin', '/admin'],
    // double-encoded: the path keeps its %2F and the router reads it as one odd on-site path
    ['redirect=/%252F%252Fevil.example', '/%2F%2Fevil.example'],
  ])('%s stays on the site as %s', (query, path) => {
    expect(fromQuery(query)).toBe(path);
  });

  it('defaults to / without a redirect', () => {
    expect(fromQuery('')).toBe('/');
    expect(fromQuery('redirect=')).toBe('/');
  });

  it("resolves against the page's own origin by default", () => {
    expect(redirectTarget('/orders')).toBe('/orders');
    expect(redirectTarget(`${window.location.origin}/orders`)).toBe('/orders');
    expect(redirectTarget('/\t/host/x')).toBe('/');
  });
});
