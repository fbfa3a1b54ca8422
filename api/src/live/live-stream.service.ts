import type { LiveState } from '@cocoa/shared-types';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ChannelListener } from '../common/channel-listener';
import { UnavailableError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { LIVE_CHANNEL, LiveService, type LiveSnapshot } from './live.service';

/** Open streams per process; past it a new one is answered 503 (the client tries again later). */
export const LIVE_STREAMS_MAX = 5_000;
/** A comment line this often keeps proxies and phones from dropping a quiet stream. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** What a client waits before it reconnects after the stream dropped (the `retry:` line). */
export const LIVE_RETRY_MS = 3_000;
/** A client that has not read this much of what was written to it is dropped (it reconnects). */
const MAX_UNREAD_BYTES = 256 * 1024;
/** The listening connection's name in pg_stat_activity. */
export const LIVE_LISTENER_NAME = 'cocoa-live-listener';

/** The stream's headers: no caching, no transformation (compression) and no buffering by any proxy. */
export const LIVE_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

interface Stream {
  res: Response;
  /** The last event id sent: an older state (a slower read) is never sent after a newer one. */
  lastId: number;
  /** False until the first event is written; a change arriving before waits here. */
  ready: boolean;
  pending?: LiveSnapshot;
}

/**
 * GET /api/live/stream: Server-Sent Events of the live state. On connect, `retry: 3000` and the
 * current state (`event: state`, `id:` = the history row of the last change; a Last-Event-ID sent
 * back is not needed: the current state is always sent first), then every change, and a comment
 * every 20 s. A change made through this process is sent as soon as it commits (LiveService's
 * listeners); one made through another replica arrives as a PostgreSQL notice on LIVE_CHANNEL,
 * heard by a dedicated client that LISTENs (and reconnects), and the state is then read from the
 * database. On PGlite the API is one process, so there is nobody to hear from.
 *
 * Streams end when the client goes, and all of them when the application shuts down (`endAll`,
 * also called by main.ts before it drains the HTTP server): their clients reconnect, to another
 * replica if this one is gone. There is no compression in front of the API, and the headers
 * forbid any proxy to transform or buffer the stream.
 */
@Injectable()
export class LiveStreamService implements OnApplicationBootstrap, OnModuleDestroy {
  /** Tests lower it. */
  maxStreams = LIVE_STREAMS_MAX;
  private readonly streams = new Set<Stream>();
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;
  private readonly listener: ChannelListener;
  private refreshing = false;
  private refreshAgain = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DB_POOL) private readonly db: DatabasePool,
    private readonly live: LiveService,
  ) {
    this.listener = new ChannelListener({
      connectionString: config.DATABASE_URL,
      channel: LIVE_CHANNEL,
      applicationName: LIVE_LISTENER_NAME,
      onNotice: (payload) => {
        if (!payload?.startsWith(`${this.live.replicaId}:`)) this.refresh();
      },
      // Changes made while we were not listening were not heard: send the state as it is now.
      onListening: () => this.refresh(),
    });
  }

  /** Streams open now. */
  get size(): number {
    return this.streams.size;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.live.onChange((snapshot) => this.publish(snapshot));
    this.heartbeatEvery(LIVE_HEARTBEAT_MS);
    if (this.db.kind === 'postgres') await this.listener.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.endAll();
  }

  /** Answers one stream request: 503 past the cap or while shutting down; otherwise holds it open. */
  async open(req: Request, res: Response): Promise<void> {
    if (this.closing) throw new UnavailableError('The live tracker is restarting. Please try again in a moment.', 'LIVE_STREAM_CLOSING');
    if (this.streams.size >= this.maxStreams)
      throw new UnavailableError('Too many people are following the cart right now. Please try again in a moment.', 'LIVE_STREAMS_FULL');
    if (req.method === 'HEAD') {
      res.writeHead(200, LIVE_STREAM_HEADERS).end();
      return;
    }
    // Listed before the state is read, so a change committed meanwhile is not missed.
    const stream: Stream = { res, lastId: -1, ready: false };
    this.streams.add(stream);
    res.once('close', () => this.streams.delete(stream));
    let first: LiveSnapshot;
    try {
      first = await this.live.snapshot();
    } catch (err) {
      this.streams.delete(stream);
      throw err;
    }
    if (!this.streams.has(stream) || res.destroyed) return;
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true, LIVE_HEARTBEAT_MS);
    res.writeHead(200, LIVE_STREAM_HEADERS);
    stream.ready = true;
    const newest = stream.pending && stream.pending.eventId > first.eventId ? stream.pending : first;
    stream.pending = undefined;
    this.send(stream, newest, `retry: ${LIVE_RETRY_MS}\n`);
  }

  /** A comment to every stream every `ms` (LIVE_HEARTBEAT_MS; tests shorten it). */
  heartbeatEvery(ms: number): void {
    clearInterval(this.heartbeat);
    if (this.closing) return;
    this.heartbeat = setInterval(() => this.beat(), ms);
    this.heartbeat.unref();
  }

  /** Ends every stream and stops listening; new streams are refused from now on. */
  async endAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const stream of this.streams) {
      const socket = stream.res.socket;
      if (stream.ready) stream.res.end(() => socket?.destroySoon());
      else stream.res.destroy();
    }
    this.streams.clear();
    await this.listener.stop();
  }

  private publish(snapshot: LiveSnapshot): void {
    for (const stream of this.streams) {
      if (stream.ready) this.send(stream, snapshot);
      else if (!stream.pending || stream.pending.eventId < snapshot.eventId) stream.pending = snapshot;
    }
  }

  private send(stream: Stream, { state, eventId }: { state: LiveState; eventId: number }, prefix = ''): void {
    if (eventId <= stream.lastId) return;
    stream.lastId = eventId;
    this.write(stream, `${prefix}id: ${eventId}\nevent: state\ndata: ${JSON.stringify(state)}\n\n`);
  }

  private beat(): void {
    for (const stream of this.streams) if (stream.ready) this.write(stream, ': keep-alive\n\n');
  }

  private write(stream: Stream, text: string): void {
    const { res } = stream;
    if (res.writableLength > MAX_UNREAD_BYTES) {
      this.streams.delete(stream);
      res.destroy();
      return;
    }
    res.write(text);
  }

  /** Another replica's change: read the state (one read at a time, again if told meanwhile) and send it. */
  private refresh(): void {
    if (this.closing || this.streams.size === 0) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    void (async () => {
      try {
        do {
          this.refreshAgain = false;
          this.publish(await this.live.snapshot());
        } while (this.refreshAgain && !this.closing);
      } catch (error) {
        if (!this.closing) log('warn', 'could not read the live state after another replica changed it', { error: String(error) });
      } finally {
        this.refreshing = false;
      }
    })();
  }
}
