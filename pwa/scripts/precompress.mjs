// After `vite build`: writes a .br and a .gz copy of every hashed text asset, so the server can
// send phones the compressed bytes without compressing on each request (like nginx gzip_static).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = new URL('../dist/assets/', import.meta.url).pathname;
const TEXT = /\.(js|css|svg|json|map)$/;
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const path = join(assets, name);
  if (!TEXT.test(name) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += br.length;
}
console.log(`precompressed assets: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
