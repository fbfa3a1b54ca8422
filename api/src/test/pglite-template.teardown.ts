import { removeTemplate } from './pglite-template';

/** Jest global teardown: see pglite-template.ts. */
export default removeTemplate;
