import pg from "pg";
import { CONNECT_TIMEOUT_MS } from "../db/client.ts";

/** The application_name of the listening connection (tests find it in pg_stat_activity). */
export const LISTENER_NAME = "clinic-realtime-listener";
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 30_000;

/** What a channel's subscriber hears: each payload, and when the connection is (re)made or lost. */
export interface ChannelSubscriber {
  message(payload: string): void;
  /** Listening (again): whatever was NOTIFYed while no connection listened is lost. `again`: not the first time. */
  listening?(again: boolean): void;
  /** The connection is gone; `listening` follows once it is back. */
  lost?(): void;
}

/**
 * The node's one dedicated connection LISTENing on PostgreSQL channels (realtime notifications,
 * identity changes), shared by every subscriber; it reconnects with back-off when it is lost.
 * Subscribe before start().
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private connectedOnce = false;
  private readonly channels = new Map<string, ChannelSubscriber[]>();

  constructor(
    private readonly url: string,
    private readonly log: (error: unknown) => void,
  ) {}

  subscribe(channel: string, subscriber: ChannelSubscriber): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`A channel name is lower-case letters and underscores: ${channel}`);
    this.channels.set(channel, [...(this.channels.get(channel) ?? []), subscriber]);
  }

  get isListening(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private each(run: (subscriber: ChannelSubscriber) => void): void {
    for (const subscribers of this.channels.values())
      for (const subscriber of subscribers) {
        try {
          run(subscriber);
        } catch (error) {
          this.log(error);
        }
      }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_NAME, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on("notification", (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) {
        try {
          subscriber.message(message.payload ?? "");
        } catch (error) {
          this.log(error);
        }
      }
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      this.log(error);
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    const again = this.connectedOnce;
    this.connectedOnce = true;
    this.each((subscriber) => subscriber.listening?.(again));
  }

  private lost(client: pg.Client): void {
    client.removeAllListeners("notification");
    client.removeAllListeners("end");
    // A late error of a dead client must not throw unhandled.
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.client !== null && this.client !== client) return;
    const wasListening = this.client !== null;
    this.client = null;
    if (wasListening) this.each((subscriber) => subscriber.lost?.());
    if (this.closed || this.timer) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.failures);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      this.each((subscriber) => subscriber.lost?.());
      await client.end().catch(() => {});
    }
  }
}
