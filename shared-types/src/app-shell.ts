/**
 * index.html paints the home hero between `<!--home-only...-->` and `<!--/home-only-->`. Every
 * other route's shell leaves it out, whether the API sends it or the service worker does offline,
 * so a deep link never flashes the home page.
 */
export const HOME_ONLY_BLOCK = /<!--home-only[\s\S]*?<!--\/home-only-->/;

/** The shell for any route but `/`: index.html without the home hero. */
export function deepLinkShellOf(indexHtml: string): string {
  return indexHtml.replace(HOME_ONLY_BLOCK, '');
}

/** The service worker's offline fallback for navigations other than `/` (the build writes it). */
export const DEEP_LINK_SHELL_FILE = 'shell.html';
