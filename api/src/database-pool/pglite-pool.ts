import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { prepareValue } from 'pg/lib/utils';
import { isStalePlan } from './named-statements';

/** A statement that only opens a transaction, as TypeORM and pg-boss send it. */
const OPENING = /^\s*(BEGIN|START TRANSACTION)\s*;?\s*$/i;
/** Statements kept prepared in the session (PreparedStatements). */
const MAX_PREPARED = 500;
/** How long holders may follow each other without letting the event loop turn (see PGlitePool). */
const BURST_MS = 5;

/**
 * TypeORM's options for a data source on `pool` alone. TypeORM calls `new driver.Pool()`; a
 * constructor returning an object yields that object.
 */
export function pgliteDataSourceOptions(pool: PGlitePool) {
  return {
    driver: {
      Pool: function SharedPGlitePool() {
        return pool;
      },
    },
    installExtensions: false,
    poolSize: 1,
  };
}

/**
 * A pg-shaped Pool over ONE embedded PGlite instance, for TypeORM (`driver` option) and the
 * session store. PGlite is a single session, so `connect()` hands out an exclusive client:
 * a transaction started on it cannot be joined by a concurrent query (a pool that shared the
 * session between clients would commit rows another client rolled back). Everything else waits.
 *
 * PGlite runs on this thread and answers through promises alone, so a queue of holders that
 * never empties (buyers under load) would run as one endless chain of microtasks: no timer, no
 * socket and no answer from the cache in between. Once holders have followed each other for
 * `BURST_MS`, the next hand-over waits one turn of the event loop (`setImmediate`), so HTTP keeps
 * being served while checkouts queue (docs/performance.md, mixed load).
 */
export class PGlitePool extends EventEmitter {
  private tail: Promise<void> = Promise.resolve();
  private ended = false;
  private turnedAt = performance.now();

  private readonly statements = new PreparedStatements();
  /** Who listens on each channel (LISTEN): called with the payload of each NOTIFY the session receives. */
  private readonly channelListeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(private readonly db: PGlite) {
    super();
  }

  /**
   * `dataDir` is a folder, or 'memory://' for a database that lives only in this process;
   * `sharedBuffersMb` its buffer pool (PostgreSQL's default of 128 MB unless given).
   */
  static async open(dataDir: string, { sharedBuffersMb }: { sharedBuffersMb?: number } = {}): Promise<PGlitePool> {
    if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
    // PGlite ships a CommonJS build (0.5+), loaded by require like the rest of the API. An import() made
    // by Function used to load its ES modules instead; under jest, a test file after another one in
    // the same worker then failed inside jest's module loader ("environment has been torn down").
    // A `date` column (a booking's day) is a calendar day, not an instant: PGlite would answer it as
    // a Date at UTC midnight, which TypeORM then reads back in the process's zone (the day before,
    // west of UTC). Answered as its 'YYYY-MM-DD' text instead, as the day stands in the table.
    const options = {
      parsers: { [types.DATE]: (value: string) => value },
      ...(sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] } : {}),
    };
    const db = dataDir === 'memory://' ? new PGlite(options) : new PGlite(dataDir, options);
    await db.waitReady;
    return new PGlitePool(db);
  }

  /** One turn of the event loop once holders have run back to back for `BURST_MS`. */
  private turnIfDue(): Promise<void> | undefined {
    if (performance.now() - this.turnedAt < BURST_MS) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.turnedAt = performance.now();
        resolve();
      }),
    );
  }

  /** Waits for the previous holder to release (and, after a burst, for a turn of the event loop), then holds the session until `release()`. */
  private acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => this.turnIfDue()).then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }

  connect(): Promise<PGlitePoolClient>;
  connect(callback: (err: Error | undefined, client?: PGlitePoolClient, release?: () => void) => void): void;
  connect(callback?: (err: Error | undefined, client?: PGlitePoolClient, release?: () => void) => void): Promise<PGlitePoolClient> | void {
    const promise = this.ended
      ? Promise.reject(new Error('Pool has ended'))
      : this.acquire().then((release) => new PGlitePoolClient(this.db, this.statements, release, (channel, payload) => this.notified(channel, payload)));
    if (!callback) return promise;
    promise.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err),
    );
  }

  /**
   * LISTEN on `channel` for the session: `onPayload` is called with the payload of each NOTIFY on it
   * once the statement or transaction that sent it is done (a sender's own notices included, as
   * PostgreSQL delivers them to a listening session). The answer stops listening.
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const quoted = `"${channel.replace(/"/g, '""')}"`;
    let listening = this.channelListeners.get(channel);
    if (!listening) {
      await this.query(`LISTEN ${quoted}`);
      listening = this.channelListeners.get(channel) ?? new Set();
      this.channelListeners.set(channel, listening);
    }
    listening.add(onPayload);
    return async () => {
      listening.delete(onPayload);
      if (listening.size || this.channelListeners.get(channel) !== listening) return;
      this.channelListeners.delete(channel);
      if (!this.ended) await this.query(`UNLISTEN ${quoted}`);
    };
  }

  /** A NOTIFY the session received, handed to the channel's listeners after the exchange that brought it. */
  private notified(channel: string, payload: string): void {
    const listening = this.channelListeners.get(channel);
    if (!listening) return;
    queueMicrotask(() => {
      for (const onPayload of listening) onPayload(payload);
    });
  }

  /** A one-off query, serialised like any other client. */
  async query(text: string, params?: unknown[]): Promise<QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(text, params);
    } finally {
      client.release();
    }
  }

  async end(callback?: (err?: Error) => void): Promise<void> {
    if (this.ended) {
      callback?.();
      return;
    }
    this.ended = true;
    try {
      await this.tail;
      await this.db.close();
      callback?.();
    } catch (err) {
      if (callback) callback(err as Error);
      else throw err;
    }
  }

  get totalCount(): number {
    return 1;
  }
  get idleCount(): number {
    return 0;
  }
  get waitingCount(): number {
    return 0;
  }
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

export class PGlitePoolClient extends EventEmitter {
  private released = false;
  /**
   * A transaction's opening (BEGIN), held until the client's next statement and sent with it: the
   * session is this client's alone, so nothing can tell the difference, and a transaction costs
   * one exchange with the engine less.
   */
  private opening: string | undefined;

  constructor(
    private readonly db: PGlite,
    private readonly statements: PreparedStatements,
    private readonly onRelease: () => void,
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {
    super();
  }

  async query(text: string | { text: string; values?: unknown[] }, params?: unknown[]): Promise<QueryResult> {
    const sql = typeof text === 'string' ? text : text.text;
    const values = typeof text === 'string' ? params : (text.values ?? params);
    if (this.released) throw new Error('Client has been released');
    if (!values?.length && this.opening === undefined && OPENING.test(sql)) {
      this.opening = sql;
      return { rows: [], rowCount: 0, command: 'BEGIN', fields: [] };
    }
    if (values && values.length > 0) {
      // The extended protocol in one exchange, as node-postgres sends it: bind, describe, execute
      // and sync together (after a parse the first time), the values written by node-postgres's
      // own prepareValue, so PGlite reads them as a PostgreSQL server reads ours. PGlite's own
      // query() asks for the statement's parameter types first and sends each message on its own:
      // six exchanges with the engine instead of one, and a parse and plan every time.
      const { name, prepare } = this.statements.use(sql);
      const message = concat([
        ...prepare,
        protocol.serialize.bind({ statement: name, values: values.map((value) => prepareValue(value)) }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      try {
        const [result] = await this.exchange(message);
        this.statements.prepared(sql, name);
        return normalise(result);
      } catch (err) {
        this.statements.failed(err);
        throw err;
      }
    }
    // Without parameters the simple protocol, which also runs several statements (migrations).
    const results = await this.exchange(concat([protocol.serialize.query(sql), protocol.serialize.sync()]));
    return normalise(results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 });
  }

  /** Every statement's result of a text without parameters, in order (pg-boss reads a RETURNING before its COMMIT). */
  async queryAll(text: string): Promise<QueryResult[]> {
    if (this.released) throw new Error('Client has been released');
    return (await this.exchange(concat([protocol.serialize.query(text), protocol.serialize.sync()]))).map(normalise);
  }

  /** Protocol messages sent to the engine at once (after a held opening); their results as PGlite's own query() parses them. */
  private async exchange(message: Uint8Array) {
    const opening = this.opening;
    this.opening = undefined;
    const sent = opening === undefined ? message : concat([protocol.serialize.query(opening), message]);
    const messages = await this.db.runExclusive(() => this.db.execProtocolStream(sent, { syncToFs: false }));
    await this.db.syncToFs();
    for (const message of messages) {
      if (message.name !== 'notification') continue;
      const { channel, payload } = message as unknown as { channel: string; payload: string };
      this.onNotification(channel, payload);
    }
    const results = parse.parseResults(messages, this.db.parsers);
    return opening === undefined ? results : results.slice(1);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}

function normalise(result: {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}): QueryResult {
  const command = (result.command ?? '').toUpperCase();
  const rowCount = command === 'SELECT' ? result.rows.length : (result.affectedRows ?? result.rowCount ?? result.rows.length);
  return { rows: result.rows as Record<string, unknown>[], rowCount, command, fields: result.fields };
}

/**
 * The statements with parameters kept prepared in the PGlite session, by their text: the first use
 * parses the text under a new name, later ones bind to it, so the engine parses and plans a text
 * once, as node-postgres does for a named query. A text counts as prepared once an exchange with
 * its parse has answered (a refused one is parsed again under another name). The least recently
 * used beyond `MAX_PREPARED` are closed with the next exchange; a schema change under a kept plan
 * (PostgreSQL refuses it: "cached plan must not change result type") forgets them all.
 */
class PreparedStatements {
  private readonly names = new Map<string, string>();
  private closing: string[] = [];
  private next = 0;

  /** The name to bind to, and what to send first: closes due, and the parse of a new text. */
  use(sql: string): { name: string; prepare: Uint8Array[] } {
    const prepare = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    const known = this.names.get(sql);
    if (known !== undefined) {
      this.names.delete(sql);
      this.names.set(sql, known); // most recently used last
      return { name: known, prepare };
    }
    const name = `cocoa_${(this.next += 1)}`;
    return { name, prepare: [...prepare, protocol.serialize.parse({ text: sql, name })] };
  }

  prepared(sql: string, name: string): void {
    if (this.names.get(sql) === name) return;
    this.names.set(sql, name);
    if (this.names.size <= MAX_PREPARED) return;
    const [oldest, oldestName] = this.names.entries().next().value as [string, string];
    this.names.delete(oldest);
    this.closing.push(oldestName);
  }

  failed(err: unknown): void {
    if (isStalePlan(err)) {
      this.closing.push(...this.names.values());
      this.names.clear();
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
