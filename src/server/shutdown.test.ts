import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createShutdown, trackSockets } from './shutdown';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number; sockets: ReturnType<typeof trackSockets> }> {
  server = createServer(handler);
  const sockets = trackSockets(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

function stopServer(s: Server) {
  return () => new Promise<void>((resolve) => s.close(() => resolve()));
}

describe('createShutdown', () => {
  it('closes the server first, then each step in order, and exits 0', async () => {
    const { server: s, sockets } = await listen((_req, res) => res.end('ok'));
    const events: string[] = [];
    const exited = new Promise<number>((resolve) => {
      const shutdown = createShutdown({
        server: s,
        sockets,
        stopServer: async () => {
          await stopServer(s)();
          events.push('server');
        },
        steps: [
          { name: 'workers', close: async () => void events.push('workers') },
          { name: 'pub/sub', close: () => void events.push('pub/sub') },
          {
            name: 'broken',
            close: () => {
              throw new Error('boom');
            },
          },
          { name: 'database', close: async () => void events.push('database') },
        ],
        timeoutMs: 10_000,
        log: (message) => events.push(`log: ${message}`),
        exit: resolve,
      });
      void shutdown('SIGTERM');
    });
    expect(await exited).toBe(0);
    expect(events.filter((e) => !e.startsWith('log: '))).toEqual(['server', 'workers', 'pub/sub', 'database']);
    expect(events).toContain('log: Closing broken failed: boom');
  });

  it('cuts requests still running at the drain deadline, so the workers and database still close before the forced exit', async () => {
    let reached!: () => void;
    const requestReached = new Promise<void>((resolve) => (reached = resolve));
    // A request that never gets an answer: the handler hangs.
    const { server: s, port, sockets } = await listen(() => reached());
    const client = connect(port, '127.0.0.1');
    const clientClosed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', () => undefined);
    client.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await requestReached;
    const steps: string[] = [];
    const code = await new Promise<number>((resolve) => {
      void createShutdown({
        server: s,
        sockets,
        stopServer: stopServer(s),
        steps: [{ name: 'database', close: () => void steps.push('database') }],
        timeoutMs: 1_000,
        log: () => undefined,
        exit: resolve,
      })('SIGTERM');
    });
    expect(code).toBe(0);
    expect(steps).toEqual(['database']);
    await clientClosed;
  });

  it('exits 1 when a step hangs past the timeout', async () => {
    const { server: s, sockets } = await listen((_req, res) => res.end('ok'));
    const code = await new Promise<number>((resolve) => {
      void createShutdown({
        server: s,
        sockets,
        stopServer: stopServer(s),
        steps: [{ name: 'stuck', close: () => new Promise<void>(() => undefined) }],
        timeoutMs: 1_000,
        log: () => undefined,
        exit: resolve,
      })('SIGTERM');
    });
    expect(code).toBe(1);
  });
});
