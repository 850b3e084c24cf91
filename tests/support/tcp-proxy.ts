import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxy's origin, to open the shop's pages through. */
  readonly url: string;
  /** Drops every open connection and stops listening: connections are refused until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shop's server restarting, as the browser sees it, without stopping the server the other tests use: a plain
 * TCP proxy on an origin of its own (pages, GraphQL and the socket pass through unchanged, Host and Origin included)
 * whose `down()` drops every open connection and stops listening, and whose `up()` listens again on the same port.
 * Playwright's routing cannot do this: it does not reach WebSockets.
 */
export async function tcpProxy(target: string): Promise<TcpProxy> {
  const upstream = new URL(target);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const forward = connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, forward]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // One side gone: the other goes too, as a restarted server's connections do.
      socket.on('error', () => {
        client.destroy();
        forward.destroy();
      });
    }
    client.pipe(forward).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      open.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    down,
    up: () =>
      new Promise<void>((resolve, reject) => {
        if (server.listening) return resolve();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: down,
  };
}
