import { Client } from 'pg';

const RELISTEN_DELAY_MS = 1_000;

export interface ChannelListenerOptions {
  connectionString: string | undefined;
  channel: string;
  /** The connection's name in pg_stat_activity. */
  applicationName?: string;
  /** A notice on the channel, with its payload. */
  onNotice: (payload: string | undefined) => void;
  /** Each time LISTEN is in place, the first time and after every reconnect: notices sent meanwhile were lost. */
  onListening: () => void;
}

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (a pool's connections cannot: they
 * are shared and released). A failed connect or a dropped connection is tried again a second later,
 * until `stop`.
 */
export class ChannelListener {
  private client: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  /** Resolves once the first attempt has LISTENed or failed (a failure is retried in the background). */
  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    this.retry = undefined;
    if (this.stopped) return;
    const { connectionString, channel, applicationName, onNotice, onListening } = this.options;
    const client = new Client({ connectionString, application_name: applicationName });
    client.on('error', () => undefined); // followed by 'end', which reconnects
    client.on('end', () => this.listenAgain(client));
    client.on('notification', (notice) => {
      if (notice.channel === channel) onNotice(notice.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      onListening();
    } catch {
      await client.end().catch(() => undefined);
      this.listenAgain(client);
    }
  }

  private listenAgain(client: Client): void {
    if (this.client === client) this.client = undefined;
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => void this.listen(), RELISTEN_DELAY_MS);
    this.retry.unref();
  }
}
