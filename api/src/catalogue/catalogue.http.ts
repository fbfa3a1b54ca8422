import { Header } from '@nestjs/common';

/**
 * Public catalogue answers: browsers and the service worker keep them but ask again each time;
 * Express adds a weak ETag to every JSON answer and turns a matching If-None-Match into a 304.
 */
export const Revalidate = () => Header('Cache-Control', 'no-cache');

/** Admin answers are never stored by a browser or shared cache. */
export const NoStore = () => Header('Cache-Control', 'private, no-store');
