/**
 * The post-login target from ?redirect=, only ever a path on this site (default '/').
 *
 * The value is resolved the way the browser would resolve it (WHATWG URL: tabs and newlines
 * dropped, '\' read as '/', '//host' taken as another host) against the page's origin, and kept
 * only when the result has that same origin. What comes back is the resolved path, query and hash,
 * so the router never sees the raw text a browser might read as another site.
 */
export function redirectTarget(raw: string | null, origin: string = window.location.origin): string {
  if (!raw) return '/';
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return '/';
  }
  // '/.//host' resolves to the path '//host', which a browser reads as another origin again.
  if (url.origin !== origin || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
