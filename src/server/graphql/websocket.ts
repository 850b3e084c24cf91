import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { getOperationAST, type DocumentNode, type ExecutionArgs } from 'graphql';
// Named useServer by graphql-ws, but it is no React hook.
import { useServer as serveGraphQLOverWebSocket } from 'graphql-ws/use/ws';
import { createGraphQLError, type YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressLimits } from '../limits/address-limits';
import { isAllowedOrigin } from '../limits/origin';
import type { GraphQLContext } from './context';

type Enveloped = ReturnType<YogaServerInstance<Record<string, unknown>, GraphQLContext>['getEnveloped']>;

/** The same bound as HTTP's body limit: the library's default (100 MiB) let one message hold the server's memory. */
const MAX_SOCKET_MESSAGE_BYTES = 1024 * 1024;

export interface WebSocketOptions {
  limits: AddressLimits;
  /** The client address as Fastify's req.ip would have it (TRUST_PROXY). */
  clientAddress: (req: IncomingMessage) => string;
  publicUrl: string | undefined;
  /** The app's logger (Fastify's), for errors on a connection. */
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

const STATUS_TEXT: Record<number, string> = { 403: 'Forbidden', 429: 'Too Many Requests', 503: 'Service Unavailable' };

/** Answers an upgrade with a plain HTTP error instead of switching protocols. */
function refuseUpgrade(socket: Duplex, status: number): void {
  const text = STATUS_TEXT[status] ?? 'Error';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

// graphql-ws accepts only its own copy of graphql's GraphQLError, the one Yoga's helper makes (not the ESM copy
// this file may be bundled with).
const refusal = (message: string, code: string) => [createGraphQLError(message, { extensions: { code } })];

/**
 * graphql-ws (protocol graphql-transport-ws) on the same /graphql path as HTTP, executed through Yoga's
 * envelop so the depth and cost limits apply to subscriptions too, and with HTTP's per-address limits: every
 * upgrade and every operation draws from the address's GraphQL budget, and sockets and subscriptions per address
 * are capped. The shop's client uses the socket for subscriptions only, so queries and mutations are refused
 * here: they stay on HTTP, with its body limit and its logs. Returns a function that closes it.
 */
export function attachGraphQLWebSocket(server: Server, yoga: YogaServerInstance<Record<string, unknown>, GraphQLContext>, options: WebSocketOptions) {
  const { limits } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES });
  const addressOf = new WeakMap<IncomingMessage, string>();

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isAllowedOrigin(request, options.publicUrl)) return refuseUpgrade(socket, 403);
    const address = options.clientAddress(request);
    if (!(await limits.graphql.take(address)).allowed) return refuseUpgrade(socket, 429);
    if (!(await limits.sockets.acquire(address))) return refuseUpgrade(socket, 429);
    // The connection's end, however it comes (refused handshake, close, reset), gives the slot back.
    const release = () => void limits.sockets.release(address).catch(() => undefined);
    if (socket.destroyed) return release();
    socket.once('close', release);
    addressOf.set(request, address);
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql') {
      socket.destroy();
      return;
    }
    upgrade(request, socket, head).catch(() => refuseUpgrade(socket, 503));
  });

  // Subscription ids holding a slot, per connection context.
  const held = new WeakMap<object, Set<string>>();
  const releaseSubscription = async (ctx: object, address: string, id: string) => {
    if (held.get(ctx)?.delete(id)) await limits.subscriptions.release(address);
  };

  // Connections whose subscriptions have not all been given back: closing waits for them, so that the limits,
  // closed next, see every release (graphql-ws calls onClose some ticks after the socket closed).
  const closing = new Map<WebSocket, { done: Promise<void>; finish(): void }>();
  const disposable = serveGraphQLOverWebSocket(
    {
      execute: (args) => (args.rootValue as Enveloped).execute(args as ExecutionArgs),
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args as ExecutionArgs),
      onSubscribe: async (ctx, id, payload) => {
        const address = addressOf.get(ctx.extra.request) ?? options.clientAddress(ctx.extra.request);
        if (!(await limits.graphql.take(address)).allowed) return refusal('Too many requests, please wait a minute', 'RATE_LIMITED');
        const enveloped = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params: payload, clientAddress: address, transport: 'websocket' });
        let document: DocumentNode;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [createGraphQLError(error instanceof Error ? error.message : 'Could not parse the query')];
        }
        const operation = getOperationAST(document, payload.operationName)?.operation;
        if (operation && operation !== 'subscription') {
          return refusal(`Only subscriptions are served over the WebSocket: send ${operation === 'mutation' ? 'mutations' : 'queries'} as HTTP POST /graphql`, 'OPERATION_NOT_ALLOWED');
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length) return errors;
        const contextValue = await enveloped.contextFactory();
        if (!(await limits.subscriptions.acquire(address))) return refusal('Too many subscriptions from this address', 'RATE_LIMITED');
        const ids = held.get(ctx) ?? new Set<string>();
        held.set(ctx, ids.add(id));
        return { schema: enveloped.schema, operationName: payload.operationName, document, variableValues: payload.variables, contextValue, rootValue: enveloped };
      },
      onComplete: (ctx, id) => releaseSubscription(ctx, addressOf.get(ctx.extra.request) ?? '', id),
      onError: async (ctx, id) => {
        await releaseSubscription(ctx, addressOf.get(ctx.extra.request) ?? '', id);
      },
      onClose: async (ctx) => {
        const address = addressOf.get(ctx.extra.request) ?? '';
        try {
          for (const id of held.get(ctx) ?? []) await releaseSubscription(ctx, address, id);
        } finally {
          closing.get(ctx.extra.socket)?.finish();
        }
      },
    },
    wss,
  );
  // After graphql-ws's own listener, which it must follow to replace its error listener.
  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve)).then(() => void closing.delete(ws));
    closing.set(ws, { done, finish });
    // graphql-ws prints a whole stack to the console for any error on a socket, such as a client's oversized
    // message or bad frame; ws has already closed the socket with the right code, so one log line is enough.
    ws.removeAllListeners('error');
    ws.on('error', (error: Error & { code?: string }) => options.logger.warn({ address: addressOf.get(request), code: error.code }, `WebSocket closed: ${error.message}`));
  });
  return async () => {
    await disposable.dispose();
    await new Promise<void>((done) => wss.close(() => done()));
    await Promise.all([...closing.values()].map((c) => c.done));
  };
}
