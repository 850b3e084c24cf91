/**
 * npm run bench:pages: how long the server takes to render a page, with nothing else asking: the home page, a
 * category page, a product page and a text page, each asked for BENCH_REQUESTS (40) times one after the other
 * after BENCH_WARM (5) warm-up requests, on the built server with its embedded database. Prints, per page, the
 * time to the first byte of the body and to the last (p50 / p90) and the HTML's size. On 2G the link idles while the server
 * renders, so this time is part of every cold load (npm run bench:2g).
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { percentile } from './load';
import { startBuiltServer, warmBenchPages } from './server-process';

const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const warm = Number(process.env.BENCH_WARM ?? 5);

/** One GET as a browser asks for a page; times to the first and the last byte, in ms. */
function timedGet(url: string): Promise<{ firstMs: number; lastMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstMs = 0;
    let bytes = 0;
    const req = request(url, { headers: { accept: 'text/html' }, timeout: 30_000 }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url}: ${res.statusCode}`));
        return;
      }
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ firstMs, lastMs: performance.now() - started, bytes }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

const format = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1).padStart(6)} / ${percentile(sorted, 90).toFixed(1).padStart(6)}`;
};

async function main() {
  const server = await startBuiltServer('pages');
  const { base } = server;
  try {
    const pages = [...(await warmBenchPages(base)), { page: 'text', path: '/om-oss' }];
    console.info(`load average before: ${loadavg()[0]!.toFixed(2)}; ${requests} requests per page, one at a time`);
    console.info('page      first byte p50 / p90 ms   last byte p50 / p90 ms   HTML bytes');
    for (const { page, path } of pages) {
      for (let i = 0; i < warm; i++) await timedGet(`${base}${path}`);
      const times: Array<{ firstMs: number; lastMs: number; bytes: number }> = [];
      for (let i = 0; i < requests; i++) times.push(await timedGet(`${base}${path}`));
      console.info(
        `${page.padEnd(9)} ${format(times.map((t) => t.firstMs))}          ${format(times.map((t) => t.lastMs))}          ${times[0]!.bytes}  ${path}`,
      );
    }
    console.info(`load average after: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await server.stop();
  }
}

await main();
