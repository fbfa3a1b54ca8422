// Local doubles of the outside map services for the end-to-end tests. TILE_URL points at
// /tiles/{z}/{x}/{y}.png (a small cocoa-coloured PNG; /hits tells how many were served) and
// GEOCODER_URL at /geocoder, a Nominatim-shaped /search answering GEOCODED for any address.
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

const PORT = Number(process.env.TILE_DOUBLE_PORT ?? 4311);

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(size, [r, g, b]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILE = png(256, [233, 217, 200]);
/** Springfield, Illinois: what the double answers for every address. */
const GEOCODED = { lat: '39.7817', lon: '-89.6501' };
let hits = 0;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void res.writeHead(200).end('ok');
  if (url.pathname === '/hits')
    return void res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify({ hits }));
  if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
    hits++;
    return void res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }).end(TILE);
  }
  if (url.pathname === '/geocoder/search') {
    const q = url.searchParams.get('q') ?? '';
    return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([{ ...GEOCODED, display_name: q }]));
  }
  res.writeHead(404).end();
}).listen(PORT);
