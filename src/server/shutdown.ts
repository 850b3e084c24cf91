import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Stopping a server process without losing work: stop accepting, let in-flight requests finish (but not for
 * longer than a deadline well inside the forced exit), then close the background workers, pub/sub and the
 * database, in that order, so that nothing writes to a database that is already closed. A deploy that starts
 * the next process on the same DATA_DIR waits for exactly this (the folder's lock goes with the database).
 */

export interface ShutdownStep {
  name: string;
  close(): Promise<void> | void;
}

export interface ShutdownOptions {
  server: Server;
  /** Stops accepting connections and resolves once every connection has ended (the app's stop()). */
  stopServer(): Promise<void>;
  /** Closed one after another once the server has stopped or its deadline has passed. */
  steps: ShutdownStep[];
  /** The forced exit (code 1); in-flight requests get DRAIN_SHARE of it. */
  timeoutMs: number;
  log(message: string): void;
  exit(code: number): void;
  /** From trackSockets, started before listening: includes upgraded (WebSocket) connections. */
  sockets: Set<Socket>;
}

/** Of the forced-exit timeout, the share in-flight requests get; the rest is for workers and the database. */
export const DRAIN_SHARE = 0.6;
/**
 * A connection whose answer was streamed from before the close began went out without `Connection: close`
 * and turns idle when it ends; Node closes idle connections only once, at close(), so they are reaped again.
 */
const IDLE_REAP_INTERVAL_MS = 100;

/** Every socket the server has open, upgraded ones too (the HTTP server forgets those). */
export function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

/** Returns the signal handler; a second signal while stopping is ignored (the forced exit still holds). */
export function createShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { server, log, sockets } = options;
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const drainMs = Math.floor(options.timeoutMs * DRAIN_SHARE);
    log(`${signal}: no new connections; in-flight requests get ${drainMs} ms`);
    const force = setTimeout(() => {
      log(`Shutdown took longer than SHUTDOWN_TIMEOUT_MS=${options.timeoutMs}: exiting anyway`);
      options.exit(1);
    }, options.timeoutMs);
    force.unref();

    // Requests that arrived while the event loop was busy (rendering runs on it) may still sit
    // unread in this loop turn; closing now would count their connections idle and reset them.
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = options.stopServer().then(
      () => true,
      (error: unknown) => {
        log(`Closing the server failed: ${error instanceof Error ? error.message : String(error)}`);
        return true;
      },
    );
    const reaper = setInterval(() => server.closeIdleConnections(), IDLE_REAP_INTERVAL_MS);
    const deadline = delay(drainMs);
    const drained = await Promise.race([stopped, deadline.promise.then(() => false)]);
    deadline.cancel();
    clearInterval(reaper);
    if (!drained) {
      log(`${sockets.size} connection(s) still open after ${drainMs} ms: closing them`);
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await stopped;
    }

    for (const step of options.steps) {
      try {
        await step.close();
      } catch (error) {
        log(`Closing ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    clearTimeout(force);
    log(`Stopped in ${Date.now() - started} ms`);
    options.exit(0);
  };
}
