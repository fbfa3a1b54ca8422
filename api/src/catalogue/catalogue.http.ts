import { Header } from '@nestjs/common';

/** Admin answers are never stored by a browser or shared cache. */
export const NoStore = () => Header('Cache-Control', 'private, no-store');
