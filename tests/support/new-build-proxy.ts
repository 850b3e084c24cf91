import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/**
 * A new build deployed, as the browser sees it: a proxy in front of the test server, on an origin of its own
 * (so its service worker is not the other tests'), that hands out a changed /sw.js once `deploy()` is called.
 * Playwright's routing cannot change the worker script: the browser fetches it outside the page. Both
 * workers answer which version they are ('version?' over a MessageChannel), so a test can tell which controls.
 */
export async function newBuildProxy(target: string): Promise<{ url: string; deploy(): void; close(): Promise<void> }> {
  const upstream = new URL(target);
  let deployed = false;
  const server = createServer((req, res) => {
    if (req.url?.split('?')[0] === '/sw.js') {
      const version = deployed ? 'v2' : 'v1';
      void fetch(`${upstream.origin}/sw.js`)
        .then(async (response) => {
          const body = `${await response.text()}\nself.addEventListener('message', (e) => { if (e.data === 'version?') e.ports[0].postMessage('${version}'); });\n`;
          res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: withHost(req.headers, upstream.host) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // The stock socket (graphql-ws) goes through as well.
  server.on('upgrade', (req, socket, head) => {
    const forward = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(withHost(req.headers, upstream.host)).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
      forward.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      forward.write(head);
      socket.pipe(forward).pipe(socket);
    });
    forward.on('error', () => socket.destroy());
    socket.on('error', () => forward.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => void (deployed = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function withHost(headers: IncomingHttpHeaders, host: string): IncomingHttpHeaders {
  return { ...headers, host };
}
