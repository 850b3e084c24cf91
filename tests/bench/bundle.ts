/**
 * npm run bench:bundle: the JS and CSS the first route loads (the entry and its static imports), gzip and
 * brotli at the levels a server would use. Lazy chunks (other routes, the other language) are listed apart, and
 * each lazy page's chunks on top of the entry's (the server preloads the shown page's). Exits non-zero when a
 * first route's JS (the entry's with the shown page's) is over its budget: 110 KiB for the catalog's pages, which
 * hydrate without Apollo (issue 24), 166 KiB for those that wait for it (issue 12).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageModuleFiles, pagesRenderingWithClient } from '../../src/client/app/routes';
import { apolloClientChunk, CLIENT_ENTRY, type ViteManifestEntry } from '../../src/server/render/client-manifest';


const dir = join(process.cwd(), 'dist/client');
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteManifestEntry>;
const entryKey = manifest[CLIENT_ENTRY] ? CLIENT_ENTRY : undefined;
if (!entryKey) throw new Error('No entry in dist/client/.vite/manifest.json: run npm run build');

const initial = new Set<string>();
const visit = (key: string) => {
  const entry = manifest[key];
  if (!entry || initial.has(entry.file)) return;
  initial.add(entry.file);
  entry.css?.forEach((css) => initial.add(css));
  entry.imports?.forEach(visit);
};
visit(entryKey);

const sizes = (file: string) => {
  const data = readFileSync(join(dir, file));
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
/** The most JS, brotli, that any first route may load: about 5.5 s of a regular 2G link. */
const BUDGET_KIB = 166;
/**
 * The most JS, brotli, of a catalog page's first route (home, lists, product, brands, favorites, content: every
 * page that hydrates without Apollo), so that it hydrates within 5 s on a cold regular 2G link.
 */
const CATALOG_BUDGET_KIB = 110;

const kib = (n: number) => (n / 1024).toFixed(1).padStart(8);

const rows = [...initial].map((file) => ({ file, ...sizes(file) }));
console.info('First route (entry + static imports):');
console.info(`${'file'.padEnd(48)} ${'raw KiB'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`);
for (const r of rows) console.info(`${r.file.padEnd(48)} ${kib(r.raw)} ${kib(r.gzip)} ${kib(r.brotli)}`);
const total = (kind: 'js' | 'css', key: 'raw' | 'gzip' | 'brotli') => rows.filter((r) => r.file.endsWith(`.${kind}`)).reduce((s, r) => s + r[key], 0);
console.info(`${'JS total'.padEnd(48)} ${kib(total('js', 'raw'))} ${kib(total('js', 'gzip'))} ${kib(total('js', 'brotli'))}`);
console.info(`${'CSS total'.padEnd(48)} ${kib(total('css', 'raw'))} ${kib(total('css', 'gzip'))} ${kib(total('css', 'brotli'))}`);

const lazy = Object.values(manifest)
  .map((e) => e.file)
  .filter((f) => !initial.has(f) && /\.(js|css)$/.test(f));
console.info(`\nLoaded later (${lazy.length} chunks): ${lazy.map((f) => `${f} ${kib(sizes(f).brotli).trim()} KiB br`).join(', ')}`);

const APOLLO_CLIENT = apolloClientChunk(manifest);
if (!APOLLO_CLIENT) throw new Error('No chunk of src/client/lib/apollo.ts in the manifest: update apolloClientChunk');
const pages = Object.entries(manifest).filter(([key, e]) => e.isDynamicEntry && /Page\.tsx$/.test(key));
if (pages.length) {
  const entryBrotli = total('js', 'brotli');
  // The pages that render with Apollo wait for the tab's client before hydrating: its chunks count for them.
  const withClient = new Set<string>([...pagesRenderingWithClient].map((id) => pageModuleFiles[id]));
  console.info("\nFirst route with its page (entry + the page's own chunks, + the Apollo client's where the page waits for it: *):");
  for (const [key] of pages) {
    const own = new Set<string>();
    /** The stylesheet a page brings beyond the shell's (the checkout's): linked in its head, so it is its first route's too. */
    const ownCss = new Set<string>();
    const walk = (k: string) => {
      const e = manifest[k];
      if (!e || initial.has(e.file) || own.has(e.file)) return;
      own.add(e.file);
      e.css?.forEach((file) => void (initial.has(file) || ownCss.add(file)));
      e.imports?.forEach(walk);
    };
    walk(key);
    // The other pages hydrate without Apollo: a static import of any of it would put it back before hydration.
    if (!withClient.has(key) && own.has(manifest[APOLLO_CLIENT]!.file)) {
      console.error(`${key} imports Apollo's chunk statically: it would load before the page hydrates`);
      process.exitCode = 1;
    }
    if (withClient.has(key)) walk(APOLLO_CLIENT);
    const extra = [...own].reduce((sum, file) => sum + sizes(file).brotli, 0);
    const budget = withClient.has(key) ? BUDGET_KIB : CATALOG_BUDGET_KIB;
    const over = (entryBrotli + extra) / 1024 > budget;
    const css = [...ownCss].reduce((sum, file) => sum + sizes(file).brotli, 0);
    console.info(
      `${`${key.replace(/^.*\//, '')}${withClient.has(key) ? ' *' : ''}`.padEnd(48)} ${kib(entryBrotli + extra)} KiB brotli (+${kib(extra).trim()})${css ? `, its own CSS ${kib(css).trim()} KiB` : ''}${over ? `  OVER ${budget} KiB` : ''}`,
    );
    if (over) process.exitCode = 1;
  }
}
console.info(
  "Not counted: a page's lazy parts (lib/lazy-part.ts, listed above as loaded later), which come before hydration only where the page shows them: the list's filter panel on a wide screen (a phone hides it behind its button) and its filter chips once a filter is chosen.",
);
if (total('js', 'brotli') / 1024 > CATALOG_BUDGET_KIB) process.exitCode = 1;
console.info(
  `\nBudget: ${CATALOG_BUDGET_KIB} KiB brotli of JS for a catalog page's first route, ${BUDGET_KIB} KiB for one that waits for Apollo (*)${process.exitCode ? ': EXCEEDED' : ' (met)'}.`,
);
