import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { getOperationAST, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
// Named useServer by graphql-ws, but it is no React hook.
import { useServer as serveGraphQLOverWebSocket } from 'graphql-ws/use/ws';
import { createGraphQLError, isAsyncIterable, type YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressLimits } from '../limits/address-limits';
import { isAllowedOrigin } from '../limits/origin';
import type { GraphQLContext } from './context';
import { takeLiveSpec, UNAUTHORIZED_CLOSE, type LiveHub } from './live';

type Enveloped = ReturnType<YogaServerInstance<Record<string, unknown>, GraphQLContext>['getEnveloped']>;

/** The same bound as HTTP's body limit: the library's default (100 MiB) let one message hold the server's memory. */
const MAX_SOCKET_MESSAGE_BYTES = 1024 * 1024;

export interface WebSocketOptions {
  limits: AddressLimits;
  /** The client address as Fastify's req.ip would have it (TRUST_PROXY). */
  clientAddress: (req: IncomingMessage) => string;
  publicUrl: string | undefined;
  /** The app's logger (Fastify's), for errors on a connection. */
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Delivers the subscriptions' events (live.ts). */
  hub: LiveHub;
  /**
   * The connection's token (connectionParams.authorization, "Bearer <token>"): when it runs out (ms since the
   * epoch), or null when it is refused (bad signature, expired, session ended).
   */
  authenticate(token: string): Promise<{ expiresAt: number } | null>;
  /** Server pings every this many ms; a socket that has not answered the last ping by the next is cut (WS_PING_INTERVAL_MS). */
  pingIntervalMs: number;
}

/** A parked iterator for graphql-ws: it yields nothing (the hub sends the events) and ends when returned. */
function parked(onEnd: () => void): AsyncGenerator<ExecutionResult> {
  let end: () => void = () => undefined;
  const ended = new Promise<IteratorResult<ExecutionResult>>((resolve) => (end = () => resolve({ done: true, value: undefined })));
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      onEnd();
      end();
    }
    return ended;
  };
  // Only what graphql-ws calls; typed loosely because AsyncGenerator gains members with the TypeScript lib in use
  // (Symbol.asyncDispose where esnext.disposable is loaded).
  const iterator = {
    next: () => ended,
    return: finish,
    throw: finish,
    [Symbol.asyncIterator]: () => iterator,
  } as unknown as AsyncGenerator<ExecutionResult>;
  return iterator;
}

/** The token of connectionParams `{ authorization: "Bearer <token>" }`: null without one, false when malformed. */
function connectionToken(params: Readonly<Record<string, unknown>> | undefined): string | null | false {
  const authorization = params?.authorization;
  if (authorization === undefined || authorization === null || authorization === '') return null;
  if (typeof authorization !== 'string') return false;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return match ? match[1]! : false;
}

/** setTimeout's longest delay; a token that runs out later is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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

  // The token each connection sent, and the timer that closes it when the token runs out.
  const connections = new WeakMap<object, { token: string | null; expiry?: NodeJS.Timeout }>();
  const closeAtExpiry = (ctx: object, socket: WebSocket, expiresAt: number) => {
    const state = connections.get(ctx);
    // Closed while its token was being checked: nothing to close later (a timer would hold the socket till then).
    if (!state || socket.readyState !== socket.OPEN) return;
    const wait = expiresAt - Date.now();
    state.expiry = setTimeout(
      () => (wait > MAX_TIMER_MS ? closeAtExpiry(ctx, socket, expiresAt) : socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized: the token has expired')),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    state.expiry.unref();
  };
  // Which socket and subscription id an operation's context belongs to, for the hub.
  const subscriptionOf = new WeakMap<object, { socket: WebSocket; id: string }>();

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
      onConnect: async (ctx) => {
        const token = connectionToken(ctx.connectionParams);
        const socket = ctx.extra.socket;
        if (token === false) {
          socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized: connectionParams.authorization must be "Bearer <token>"');
          return false;
        }
        connections.set(ctx, { token });
        if (token === null) return true;
        const accepted = await options.authenticate(token);
        if (!accepted) {
          socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized: the token is not valid (expired or signed out)');
          return false;
        }
        closeAtExpiry(ctx, socket, accepted.expiresAt);
        return true;
      },
      execute: (args) => (args.rootValue as Enveloped).execute(args as ExecutionArgs),
      subscribe: async (args) => {
        const enveloped = args.rootValue as Enveloped;
        const result = await enveloped.subscribe(args as ExecutionArgs);
        const spec = takeLiveSpec(args.contextValue as object);
        const target = subscriptionOf.get(args.contextValue as object);
        // Errors (a refused subscription), or a source the hub does not know: graphql-ws sends it as it is.
        if (!spec || !target || !isAsyncIterable(result)) return result;
        const { document, operationName, variableValues } = args as ExecutionArgs;
        const stop = options.hub.add({
          ...target,
          spec,
          document,
          operationName,
          variables: variableValues,
          execute: async (event, prepare) => {
            const contextValue = await enveloped.contextFactory();
            prepare(contextValue);
            return (await enveloped.execute({ schema: enveloped.schema, document, operationName, variableValues, contextValue, rootValue: event })) as ExecutionResult;
          },
        });
        return parked(() => {
          stop();
          void (result as AsyncGenerator).return?.(undefined);
        });
      },
      onSubscribe: async (ctx, id, payload) => {
        const address = addressOf.get(ctx.extra.request) ?? options.clientAddress(ctx.extra.request);
        if (!(await limits.graphql.take(address)).allowed) return refusal('Too many requests, please wait a minute', 'RATE_LIMITED');
        const socketToken = connections.get(ctx)?.token ?? null;
        const enveloped = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params: payload, clientAddress: address, transport: 'websocket', socketToken });
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
        subscriptionOf.set(contextValue, { socket: ctx.extra.socket, id });
        return { schema: enveloped.schema, operationName: payload.operationName, document, variableValues: payload.variables, contextValue, rootValue: enveloped };
      },
      onComplete: (ctx, id) => releaseSubscription(ctx, addressOf.get(ctx.extra.request) ?? '', id),
      onError: async (ctx, id) => {
        await releaseSubscription(ctx, addressOf.get(ctx.extra.request) ?? '', id);
      },
      onClose: async (ctx) => {
        clearTimeout(connections.get(ctx)?.expiry);
        connections.delete(ctx);
        const address = addressOf.get(ctx.extra.request) ?? '';
        try {
          for (const id of held.get(ctx) ?? []) await releaseSubscription(ctx, address, id);
        } finally {
          closing.get(ctx.extra.socket)?.finish();
        }
      },
    },
    wss,
    options.pingIntervalMs,
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
    options.hub.close();
    await disposable.dispose();
    await new Promise<void>((done) => wss.close(() => done()));
    await Promise.all([...closing.values()].map((c) => c.done));
  };
}
