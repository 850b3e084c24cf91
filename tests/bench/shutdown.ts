/**
 * npx tsx tests/bench/shutdown.ts: how long SIGTERM takes under a small load, and what happens to the requests
 * in flight. Starts the built server (SERVER_BUNDLE, default dist/server/main.js) on BENCH_DATA_DIR (default: a
 * temporary folder, seeded on the first start and removed after), keeps BENCH_CLIENTS keep-alive clients busy
 * (half render the home page, half ask /healthz, both through the database) until each has had an answer and
 * then for BENCH_LOAD_MS, sends SIGTERM
 * while they go on, and prints the time to exit, the exit code, and the outcome of requests started before
 * and after the signal.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server';
import { waitFor } from './server-process';

const bundle = process.env.SERVER_BUNDLE ?? 'dist/server/main.js';
const clients = Number(process.env.BENCH_CLIENTS ?? 20);
const loadMs = Number(process.env.BENCH_LOAD_MS ?? 3000);
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'storefront-bench-shutdown-'));

type Outcome = 'ok' | 'http 503' | 'other http' | 'network error';
const tally = () => ({ ok: 0, 'http 503': 0, 'other http': 0, 'network error': 0 }) as Record<Outcome, number>;

async function main() {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child);

  let signalledAt = 0;
  const before = tally();
  const after = tally();
  let stop = false;
  const errorsBefore = new Map<string, number>();
  const errorsAfter = new Map<string, number>();
  const answered = new Set<number>();
  const worker = async (index: number) => {
    const path = index % 2 ? '/healthz' : '/';
    while (!stop) {
      const startedBefore = signalledAt === 0;
      const into = startedBefore ? before : after;
      try {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        into[res.ok ? 'ok' : res.status === 503 ? 'http 503' : 'other http'] += 1;
        answered.add(index);
      } catch (error) {
        into['network error'] += 1;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason = `${path} ${cause?.code ?? cause?.message ?? String(error)}`;
        (startedBefore ? errorsBefore : errorsAfter).set(reason, ((startedBefore ? errorsBefore : errorsAfter).get(reason) ?? 0) + 1);
        // The server has stopped listening: this client is done.
        if (!startedBefore) return;
      }
    }
  };
  const load = Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  // Every client's connection accepted first: closing the listener resets connections still in its backlog,
  // which no server can answer, and those would hide what happens to requests the server has.
  for (let i = 0; answered.size < clients; i++) {
    if (i > 1200) throw new Error(`only ${answered.size} of ${clients} clients got an answer in 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, loadMs));
  signalledAt = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  const exitMs = Date.now() - signalledAt;
  stop = true;
  await load;

  console.info(`bundle ${bundle}, ${clients} keep-alive clients, ${loadMs} ms of load before SIGTERM`);
  console.info(`SIGTERM → exit: ${exitMs} ms, exit code ${code}`);
  console.info(`requests started before SIGTERM: ${JSON.stringify(before)}`);
  console.info(`requests started after SIGTERM:  ${JSON.stringify(after)}`);
  console.info(`network errors before: ${JSON.stringify(Object.fromEntries(errorsBefore))}, after: ${JSON.stringify(Object.fromEntries(errorsAfter))}`);
  const shutdownLines = out.split('\n').filter((line) => /SIGTERM|Stopped|connection|Shutdown/.test(line));
  if (shutdownLines.length) console.info(`server said: ${shutdownLines.join(' | ')}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  });
