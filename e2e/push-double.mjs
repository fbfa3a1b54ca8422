// A local double of a browser's push service (RFC 8030) for the end-to-end tests. Like the real
// ones it is reached over HTTPS, with the certificate playwright.config.ts made (the API under test
// trusts it through OUTBOUND_EXTRA_CA): a POST to /push/<name> is recorded as it came (method,
// headers, encrypted body) and answered 201 Created. A plain-HTTP side port serves /health and
// /received?path=/push/<name>, the messages received there (bodies in base64url), for the specs.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const PORT = Number(process.env.PUSH_DOUBLE_PORT ?? 4314);
const RECORDS_PORT = Number(process.env.PUSH_DOUBLE_RECORDS_PORT ?? 4315);
const HOST = '127.0.0.1';

const received = [];

createHttpsServer({ key: readFileSync(process.env.PUSH_DOUBLE_KEY), cert: readFileSync(process.env.PUSH_DOUBLE_CERT) }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    const status = req.method === 'POST' && /^\/push\/[\w-]+$/.test(path) ? 201 : 404;
    received.push({ method: req.method, path, headers: req.headers, body: Buffer.concat(chunks).toString('base64url'), status, at: Date.now() });
    res.writeHead(status, status === 201 ? { Location: `/message/${received.length}` } : {}).end();
  });
}).listen(PORT, HOST);

createHttpServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  if (url.pathname === '/health') return void res.writeHead(200).end('ok');
  if (url.pathname === '/received') {
    const path = url.searchParams.get('path');
    const messages = received.filter((m) => path === null || m.path === path);
    return void res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(messages));
  }
  res.writeHead(404).end();
}).listen(RECORDS_PORT, HOST);
