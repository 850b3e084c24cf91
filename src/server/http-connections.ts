import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Env } from './env';

/**
 * A socket with no traffic either way for this long is closed: a client that stopped reading its answer
 * (or never sends) would otherwise hold a file descriptor forever. WebSockets are exempt (ws clears the timeout
 * on upgrade and graphql-ws pings them).
 */
const SOCKET_IDLE_TIMEOUT_MS = 120_000;
/** At most this many "connection refused" warnings a minute while MAX_CONNECTIONS is reached. */
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

/**
 * Caps open connections so that a flood of half-sent requests is refused at the door instead of using up
 * every file descriptor (the database then fails too), and says so in the log without a line per connection.
 */
export function limitConnections(server: Server, maxConnections: number, warn: (message: string) => void): void {
  server.maxConnections = maxConnections;
  let dropped = 0;
  let lastWarning = 0;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastWarning < DROP_WARNING_INTERVAL_MS) return;
    lastWarning = now;
    warn(`MAX_CONNECTIONS=${maxConnections} reached: refused ${dropped} connection${dropped === 1 ? '' : 's'} since the last warning`);
    dropped = 0;
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
