import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Env } from './env';
import { addressKey } from './limits/address-key';

/**
 * A socket with no traffic either way for this long is closed: a client that stopped reading its answer
 * (or never sends) would otherwise hold a file descriptor forever. WebSockets are exempt (ws clears the timeout
 * on upgrade and graphql-ws pings them).
 */
const SOCKET_IDLE_TIMEOUT_MS = 120_000;
/** At most one "connections refused" warning a minute per limit (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS) while it is reached. */
const DROP_WARNING_INTERVAL_MS = 60_000;

type ConnectionLimits = Pick<Env, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>;

/** Fastify's (and Node's) defaults wait 300 s for a body, 60 s for headers and keep idle sockets 72 s. */
export function connectionOptions(env: ConnectionLimits): FastifyHttpOptions<Server> {
  return {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: SOCKET_IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      // Node checks the two timeouts above only this often (30 s by default), which would let a request
      // overrun its timeout by that much.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(env.HEADERS_TIMEOUT_MS / 4)),
    },
    // Shutdown waits for in-flight requests; idle keep-alive sockets must not hold it open.
    forceCloseConnections: 'idle',
    // A request that arrives on a kept-alive connection while closing is served (with Connection: close)
    // rather than refused: with PGlite there is one process and no other instance to retry it on.
    return503OnClosing: false,
  };
}

/** A warning at most once a minute, saying how many times it happened since the last one. */
function throttledWarning(warn: (message: string) => void, message: (count: number) => string): () => void {
  let count = 0;
  let lastWarning = 0;
  return () => {
    count += 1;
    const now = Date.now();
    if (now - lastWarning < DROP_WARNING_INTERVAL_MS) return;
    lastWarning = now;
    warn(message(count));
    count = 0;
  };
}

const connections = (count: number) => `${count} connection${count === 1 ? '' : 's'}`;

/**
 * Caps open connections so that a flood of half-sent requests is refused at the door instead of using up
 * every file descriptor (the database then fails too), and says so in the log without a line per connection.
 */
export function limitConnections(server: Server, maxConnections: number, warn: (message: string) => void): void {
  server.maxConnections = maxConnections;
  server.on('drop', throttledWarning(warn, (count) => `MAX_CONNECTIONS=${maxConnections} reached: refused ${connections(count)} since the last warning`));
}

/** Without MAX_CONNECTIONS_PER_ADDRESS: a tenth of MAX_CONNECTIONS (at least 64, at most all), so it takes ten addresses to fill them. */
// At least 64: one browser tab holds about six HTTP/1.1 connections and a socket, and an office or a carrier's NAT
// puts many shoppers behind one address.
export const defaultConnectionsPerAddress = (maxConnections: number) => Math.min(maxConnections, Math.max(64, Math.floor(maxConnections / 10)));

/**
 * Caps the connections one client address (counted as every per-address limit counts it: addressKey) holds open
 * in this process. MAX_CONNECTIONS alone let one address that opened many half-sent requests take every
 * connection, and everyone else was refused. A connection past the share is closed as it opens, before anything
 * is read. Connections from a proxy TRUST_PROXY trusts are not counted: they carry many clients, told apart only
 * by headers not yet sent, so the proxy must cap its own clients.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number, isTrustedProxy: (address: string) => boolean, warn: (message: string) => void): void {
  const open = new Map<string, number>();
  const dropped = throttledWarning(warn, (count) => `MAX_CONNECTIONS_PER_ADDRESS=${maxPerAddress} reached: refused ${connections(count)} since the last warning`);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const key = addressKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      dropped();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/**
 * Once the server is closing, answers carry `Connection: close`, so that a keep-alive client does not hold
 * its socket (and with it the shutdown) open after its last answer. Fastify already does this for requests
 * that arrive while closing; this covers those that were in flight when it began.
 */
export function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
}
