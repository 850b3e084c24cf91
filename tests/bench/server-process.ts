import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server';

/** Polls until the URL answers below 500 or the process dies (benches start real servers). */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

export async function stop(child: ChildProcess): Promise<void> {
  // One that died already (the reason a bench gave up) sends no more 'exit'.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The three pages the page benches measure (home, a subcategory and a bestseller), each visited once first so
 * the server's caches and the database are warm like a running shop's.
 */
export async function warmBenchPages(base: string): Promise<Array<{ page: 'home' | 'category' | 'product'; path: string }>> {
  const gql = async <T,>(query: string): Promise<T> =>
    ((await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json()) as { data: T }).data;
  const { categories } = await gql<{ categories: { canonicalUrl: string; parentCategoryId: number | null }[] }>('{ categories { canonicalUrl parentCategoryId } }');
  const { products } = await gql<{ products: { products: { canonicalUrl: string }[] } }>('{ products(filter: { sort: BESTSELLERS, limit: 1 }) { products { canonicalUrl } } }');
  const pages = [
    { page: 'home' as const, path: '/' },
    { page: 'category' as const, path: categories.find((c) => c.parentCategoryId !== null)?.canonicalUrl ?? '/allt' },
    { page: 'product' as const, path: products.products[0]?.canonicalUrl ?? '/' },
  ];
  for (const { path } of pages) await fetch(`${base}${path}`);
  return pages;
}

/**
 * The built server (dist/server/main.js) on a fresh embedded database of its own, as the page benches measure it:
 * answering /healthz when this returns. `stop` ends it and removes its data folder.
 */
export async function startBuiltServer(name: string): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' };
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const end = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/healthz`, child);
  } catch (error) {
    await end();
    throw error;
  }
  return { base, stop: end };
}
