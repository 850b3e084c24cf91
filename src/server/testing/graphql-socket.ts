import WebSocket, { type ClientOptions } from 'ws';

export interface Message {
  type: string;
  id?: string;
  payload?: unknown;
}

/** A raw graphql-transport-ws connection, so tests see refusals, close codes and errors as the server sends them. */
export interface GraphQLSocket {
  ws: WebSocket;
  /** Resolves with the next message that `matches`, whether it came before or after the call. */
  next(matches: (message: Message) => boolean): Promise<Message>;
  /** The close code, once closed (1006 when the connection was cut without a close frame). */
  closed: Promise<number>;
  /** The close reason, once closed. */
  closeReason(): string;
  send(message: Message): void;
}

export interface OpenOptions {
  headers?: Record<string, string>;
  /** connection_init's payload (e.g. `{ authorization: 'Bearer …' }`). */
  connectionParams?: Record<string, unknown>;
  /** ws's own client options, e.g. `autoPong: false` for a client that no longer answers pings. */
  ws?: ClientOptions;
}

/**
 * Opens a socket and completes connection_init. Rejects with the HTTP status when the upgrade is refused, and with
 * `closed <code>` when the server closes it before acknowledging.
 */
export function openSocket(baseUrl: string, options: OpenOptions = {}): Promise<GraphQLSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { ...options.ws, headers: options.headers });
  const received: Message[] = [];
  const waiting: { matches: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  let reason = '';
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Message;
    const waiter = waiting.find((w) => w.matches(message));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    } else received.push(message);
  });
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code, why) => {
      reason = why.toString();
      resolve(code);
    }),
  );
  const socket: GraphQLSocket = {
    ws,
    closed,
    closeReason: () => reason,
    send: (message) => ws.send(JSON.stringify(message)),
    next: (matches) => {
      const already = received.find(matches);
      if (already) {
        received.splice(received.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve) => waiting.push({ matches, resolve }));
    },
  };
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
    void closed.then((code) => reject(new Error(`closed ${code}`)));
    ws.on('open', () => {
      socket.send({ type: 'connection_init', ...(options.connectionParams ? { payload: options.connectionParams } : {}) });
      void socket.next((m) => m.type === 'connection_ack').then(() => resolve(socket));
    });
  });
}

/** Sends one subscription; its events come as `next` messages with this id. */
export function subscribe(socket: GraphQLSocket, id: string, query: string, variables: Record<string, unknown> = {}): void {
  socket.send({ id, type: 'subscribe', payload: { query, variables } });
}

/** The next `next` (or `error`) message of the subscription. */
export function nextOf(socket: GraphQLSocket, id: string): Promise<Message> {
  return socket.next((m) => m.id === id && (m.type === 'next' || m.type === 'error'));
}

/** Resolves with the message, or null when none came within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}
