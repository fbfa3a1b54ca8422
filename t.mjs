import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const db = new PGlite('memory://');
await db.waitReady; console.log('mem', Date.now()-t);
t=Date.now();
const db2 = new PGlite('/tmp/pgt/data'); await db2.waitReady; console.log('reopen', Date.now()-t);
t=Date.now();
const db3 = new PGlite('/tmp/pgt/data3'); await db3.waitReady; console.log('new', Date.now()-t);
