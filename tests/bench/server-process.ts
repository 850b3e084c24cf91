import type { ChildProcess } from 'node:child_process';

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
