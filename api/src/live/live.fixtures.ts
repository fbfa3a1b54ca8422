import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dayIn, noonOf } from '@cocoa/shared-types';
import type { DataSource } from 'typeorm';
import type { TestApp } from '../test/test-app';

/** One Server-Sent Event as a browser's EventSource reads it (comments are counted apart). */
export interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, for an answer that is not a stream (a 503's JSON). */
  text(): Promise<string>;
  /** The next event, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Comment lines seen so far (heartbeats). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The test app's HTTP server listening on a free port (supertest keeps working on it). */
export async function listening(t: TestApp): Promise<number> {
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** GET /api/live/stream with node's own client (supertest would wait for the end of a stream that never ends). */
export function openStream(port: number, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/live/stream', agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      const events: SseEvent[] = [];
      const waiting: Array<(event: SseEvent) => void> = [];
      const comments: string[] = [];
      let buffer = '';
      let raw = '';
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event: SseEvent = {};
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line);
              continue;
            }
            const colon = line.indexOf(':');
            const name = line.slice(0, colon) as keyof SseEvent;
            const value = line.slice(colon + 1).replace(/^ /, '');
            event[name] = name === 'data' && event.data !== undefined ? `${event.data}\n${value}` : value;
            fields++;
          }
          if (!fields) continue;
          const waiter = waiting.shift();
          if (waiter) waiter(event);
          else events.push(event);
        }
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        comments,
        ended,
        text: () => ended.then(() => raw),
        next(timeoutMs = 2_000) {
          const ready = events.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise<SseEvent>((done, fail) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(got), 1);
              fail(new Error(`no event within ${timeoutMs} ms`));
            }, timeoutMs);
            const got = (event: SseEvent) => {
              clearTimeout(timer);
              done(event);
            };
            waiting.push(got);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** A stop on the schedule `daysFromToday` days from the shop's today; answers its id. */
export async function insertStop(
  dataSource: DataSource,
  fields: { title: string; location?: string | null; address?: string | null; latitude?: number | null; longitude?: number | null },
  daysFromToday = 0,
  timeZone = 'America/Chicago',
): Promise<number> {
  const today = noonOf(dayIn(new Date(), timeZone), timeZone);
  const date = noonOf(dayIn(new Date(today.getTime() + daysFromToday * 86_400_000), timeZone), timeZone);
  const [row] = await dataSource.query(
    `INSERT INTO scheduled_locations (title, location, address, date, start_time, end_time, latitude, longitude) VALUES ($1, $2, $3, $4, '10:00', '16:00', $5, $6) RETURNING id`,
    [fields.title, fields.location ?? null, fields.address ?? null, date, fields.latitude ?? null, fields.longitude ?? null],
  );
  return Number(row.id);
}

/** The live push jobs queued so far, oldest first. */
export async function livePushJobs(dataSource: DataSource): Promise<Array<{ change: string; eventId: number; state: { live: boolean } }>> {
  const rows: Array<{ data: { change: string; eventId: number; state: { live: boolean } } }> = await dataSource.query(
    `SELECT data FROM pgboss.job WHERE name = 'live.push' ORDER BY created_on, id`,
  );
  return rows.map((r) => r.data);
}
