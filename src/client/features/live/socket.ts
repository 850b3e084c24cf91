import type { Client } from 'graphql-ws';

/**
 * The leading tab's socket: a set of wanted subscriptions kept on a graphql-ws client for as long as the tab leads,
 * through every drop. graphql-ws itself retries nothing here (its `retryAttempts: 0`): every way a connection ends
 * (refused, closed by the server, a pong that never came, a connect that took too long, the token refused) comes to
 * one loop that waits out the spec's backoff and subscribes again, so one place decides and the tests can drive it
 * with a fake client.
 */

/** Spec (timings): the websocket's timeout, and the least it may be. From the start of a connect to the server's ack. */
export const CONNECT_TIMEOUT_MS = 30_000;
export const MIN_CONNECT_TIMEOUT_MS = 1000;
/** Spec (timings): each wait before reconnecting is this much longer than the one before. */
export const BACKOFF_FACTOR = 1.2;
/** The first wait after a drop, and the longest any wait grows to. */
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;
/** A ping this long after the last message of its kind; no pong within PONG_TIMEOUT_MS and the socket counts as dead. */
export const PING_INTERVAL_MS = 15_000;
export const PONG_TIMEOUT_MS = 5000;
/** The close code the server uses for a token it refuses or that ran out while connected (base.graphql). */
export const TOKEN_REFUSED = 4401;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): FIRST_RETRY_MS × 1.2^attempt, at most
 * MAX_RETRY_MS, spread ±20 % so that the browsers a restarted server dropped do not all come back in one instant.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * BACKOFF_FACTOR ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** One subscription the leader wants, under a key that stays while its variables change (`stock`, `cart:<id>:<language>`). */
export interface Wanted {
  key: string;
  query: string;
  variables: Record<string, unknown>;
  next(data: unknown): void;
}

/** What this uses of graphql-ws's client, so a test can stand in for it. */
export type LiveClient = Pick<Client, 'subscribe' | 'on' | 'dispose' | 'terminate'>;

export interface LiveSocketDeps {
  /**
   * A client for the shop's socket with `lazy`, `retryAttempts: 0` and `keepAlive: PING_INTERVAL_MS`; the token
   * goes in `connectionParams`, read afresh on every connect.
   */
  createClient(connectionParams: () => Promise<Record<string, unknown>>): LiveClient;
  /** The token now (the apollo-token cookie). */
  token(): string | null;
  /** Swaps a refused token for a fresh one, or drops it (signing the tabs out); never rejects. */
  refreshToken(): Promise<void>;
  /** Each (re)connect, once the server has acknowledged it: what was missed meanwhile is read again. */
  onConnected(): void;
  connectTimeoutMs?: number;
  random?: () => number;
}

type Sub = { signature: string; dispose: () => void; refused?: boolean };

const signatureOf = (wanted: Wanted) => `${wanted.query}\n${JSON.stringify(wanted.variables)}`;

/** The close code of whatever ended a subscription when it is the socket's end, null for the server's refusal (errors). */
function closeCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
}

export class LiveSocket {
  private client: LiveClient | null = null;
  private unlisten: (() => void)[] = [];
  private wanted = new Map<string, Wanted>();
  private readonly active = new Map<string, Sub>();
  /** Subscriptions the server refused (GraphQL errors): asked again after the next reconnect, or once they change. */
  private readonly refused = new Map<string, string>();
  private attempt = 0;
  /** Between a drop and the next connect: nothing is subscribed meanwhile. */
  private lost = false;
  private stopped = false;
  /** Changes with each restart and stop: what an older client or wait brings is ignored. */
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private wakeRetry: (() => void) | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** The token the current connection was opened with. */
  private tokenUsed: string | null = null;
  private refreshFirst = false;
  private acked = false;
  private readonly connectTimeoutMs: number;
  private readonly random: () => number;

  constructor(private readonly deps: LiveSocketDeps) {
    this.connectTimeoutMs = Math.max(MIN_CONNECT_TIMEOUT_MS, deps.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    this.random = deps.random ?? Math.random;
  }

  /**
   * The subscriptions wanted now. One whose variables changed is started anew before the old one is ended, so the
   * server never has a moment without either (their events may come twice meanwhile; taking one twice is harmless).
   */
  set(wanted: readonly Wanted[]): void {
    this.wanted = new Map(wanted.map((w) => [w.key, w]));
    if (!this.lost && !this.stopped) this.sync();
  }

  /** A new connection now, with the token as it is now (signed in or out): every subscription starts again on it. */
  restart(): void {
    if (this.stopped) return;
    this.dropClient();
    this.lost = false;
    this.attempt = 0;
    this.refreshFirst = false;
    this.sync();
  }

  /** The browser is back online: a reconnect that waits goes now. */
  online(): void {
    if (this.lost) this.wakeRetry?.();
  }

  stop(): void {
    this.stopped = true;
    this.dropClient();
  }

  /** Whether the server has acknowledged the connection that is open now. */
  get connected(): boolean {
    return this.acked && !this.lost;
  }

  private dropClient(): void {
    this.generation += 1;
    this.acked = false;
    clearTimeout(this.retryTimer);
    this.wakeRetry = null;
    this.clearSocketTimers();
    const subs = [...this.active.values()];
    this.active.clear();
    this.refused.clear();
    for (const sub of subs) sub.dispose();
    for (const unlisten of this.unlisten.splice(0)) unlisten();
    void this.client?.dispose();
    this.client = null;
  }

  private sync(): void {
    const ending: (() => void)[] = [];
    for (const [key, wanted] of this.wanted) {
      const signature = signatureOf(wanted);
      const current = this.active.get(key);
      if (current?.signature === signature || this.refused.get(key) === signature) continue;
      this.refused.delete(key);
      this.subscribe(wanted, signature);
      if (current) ending.push(current.dispose);
    }
    for (const [key, current] of this.active) {
      if (this.wanted.has(key)) continue;
      this.active.delete(key);
      ending.push(current.dispose);
    }
    for (const end of ending) end();
  }

  private subscribe(wanted: Wanted, signature: string): void {
    const client = this.ensureClient();
    const sub: Sub = { signature, dispose: () => undefined };
    this.active.set(wanted.key, sub);
    sub.dispose = client.subscribe(
      { query: wanted.query, variables: wanted.variables },
      {
        // An ended subscription's last events are still news (it overlapped its successor on purpose).
        next: (value) => {
          if (value.data) wanted.next(value.data);
          // A refusal found while executing (FORBIDDEN for another customer's cart) comes as errors without data, then the end.
          else if (value.errors?.length) sub.refused = true;
        },
        error: (error) => this.failed(wanted.key, sub, error),
        // The server ended it: asked again with the next change or connect, unless it was refused (then only once it changes).
        complete: () => {
          if (this.active.get(wanted.key) !== sub) return;
          this.active.delete(wanted.key);
          if (sub.refused) this.refused.set(wanted.key, sub.signature);
        },
      },
    );
  }

  private failed(key: string, sub: Sub, error: unknown): void {
    if (this.active.get(key) !== sub) return;
    if (Array.isArray(error)) {
      // The server refused this one (not the socket): the rest go on.
      this.active.delete(key);
      this.refused.set(key, sub.signature);
      return;
    }
    this.connectionLost(closeCode(error));
  }

  /** The socket is gone, and every subscription on it with it: they are asked again after the backoff. */
  private connectionLost(code: number | undefined): void {
    if (this.lost || this.stopped) return;
    this.lost = true;
    this.clearSocketTimers();
    const subs = [...this.active.values()];
    this.active.clear();
    this.refused.clear();
    // Each ended in error already; disposing gives graphql-ws back its count of them, so it can close idle sockets.
    for (const sub of subs) sub.dispose();
    // A refused token that is still the one in the cookie is refreshed (or dropped) first; one already replaced meanwhile is simply sent.
    if (code === TOKEN_REFUSED) this.refreshFirst = this.tokenUsed !== null && this.deps.token() === this.tokenUsed;
    const generation = this.generation;
    const wait = new Promise<void>((resolve) => {
      this.wakeRetry = resolve;
      this.retryTimer = setTimeout(resolve, retryDelay(this.attempt, this.random));
    });
    this.attempt += 1;
    void wait.then(() => this.reconnect(generation));
  }

  private async reconnect(generation: number): Promise<void> {
    clearTimeout(this.retryTimer);
    this.wakeRetry = null;
    if (generation !== this.generation || this.stopped || !this.lost) return;
    if (this.refreshFirst) {
      this.refreshFirst = false;
      await this.deps.refreshToken();
      if (generation !== this.generation || this.stopped) return;
    }
    this.lost = false;
    this.sync();
  }

  private ensureClient(): LiveClient {
    if (this.client) return this.client;
    const client = this.deps.createClient(async () => {
      const token = this.deps.token();
      this.tokenUsed = token;
      return token ? { authorization: `Bearer ${token}` } : {};
    });
    this.client = client;
    // A connect that takes longer than the spec's timeout (no answer to the upgrade, no ack) is given up.
    this.unlisten.push(
      client.on('connecting', () => {
        clearTimeout(this.connectTimer);
        this.connectTimer = setTimeout(() => client.terminate(), this.connectTimeoutMs);
      }),
      client.on('connected', () => {
        clearTimeout(this.connectTimer);
        this.acked = true;
        this.attempt = 0;
        this.deps.onConnected();
      }),
      // graphql-ws pings but does nothing when no pong comes: a socket that answers nothing is ended here, and the
      // loop connects again (a dead network path is otherwise only noticed when the OS gives up on it).
      client.on('ping', (received) => {
        if (received) return;
        clearTimeout(this.pongTimer);
        this.pongTimer = setTimeout(() => client.terminate(), PONG_TIMEOUT_MS);
      }),
      client.on('pong', (received) => {
        if (received) clearTimeout(this.pongTimer);
      }),
      client.on('closed', () => {
        this.acked = false;
        this.clearSocketTimers();
      }),
    );
    return client;
  }

  private clearSocketTimers(): void {
    clearTimeout(this.pongTimer);
    clearTimeout(this.connectTimer);
  }
}
