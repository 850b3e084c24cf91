import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './server/env';

const root = join(import.meta.dirname, '..');

/** Folders that hold no documentation of ours: installed, built or written by a run. */
const NOT_OURS = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'playwright-report']);

/** Every file and folder of the working tree (relative to the root, `/`-separated), outside NOT_OURS. */
function workingTree(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !NOT_OURS.has(entry.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      const name = relative(root, path).split(sep).join('/');
      return entry.isDirectory() ? [name, ...workingTree(path)] : [name];
    });
}

/** The file types a bare name (no folder) is taken for a repository file by. */
const FILE_NAME = /\.(ts|tsx|js|mjs|cjs|md|json|graphql|sql|css)$/;
/** Placeholders, globs, URLs, shell variables: a pattern or an address rather than one file. */
const NOT_ONE_PATH = /[*{}<>…$?=#]|:\/\/|\.\.\./;
/** What a run writes or an install brings: named in the docs, absent from a fresh clone. */
const GENERATED = /^(dist|node_modules|test-results|playwright-report|\.data)(\/|$)/;

interface NamedPath {
  /** As written in the Markdown. */
  text: string;
  /** Where it may point: a link's one target, or for a name in backticks each place it may be read from. */
  candidates: string[];
  /** A bare file name (`codegen.ts`): found when any file of the tree has that name. */
  bareName?: string;
}

/** The Markdown without its fenced code blocks (examples, whose paths are the example's own). */
const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/**
 * The repository paths a Markdown file names: the targets of its relative links (resolved from the file, as
 * Markdown does), and the words in backticks that look like paths. A word in backticks counts when it has a
 * folder whose first part exists (beside the file or in a folder above it, up to the root: `modules/cart` in
 * src/server/README.md is src/server/modules/cart), or when it is a file name of a known type; it may be read from
 * any of those folders. HTTP paths (`/auth/login`), packages (`@apollo/client`), MIME types and the like name no
 * first folder of ours and are left alone.
 */
function pathsNamedIn(markdownFile: string, markdown: string, tree: ReadonlySet<string>): NamedPath[] {
  const text = withoutFences(markdown);
  const dir = dirname(relative(root, resolve(root, markdownFile))).split(sep).join('/');
  const bases: string[] = [];
  for (let base = dir; ; base = dirname(base)) {
    bases.push(base === '.' ? '' : base);
    if (base === '.' || base === '') break;
  }
  const inRepo = (base: string, path: string) => (base ? `${base}/${path}` : path).replace(/\/+$/, '');
  const named: NamedPath[] = [];

  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const path = decodeURI(target!.replace(/#.*$/, ''));
    if (!path || /^[a-z]+:/i.test(path)) continue;
    named.push({ text: target!, candidates: [relative(root, resolve(root, dir, path)).split(sep).join('/')] });
  }

  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of code!.split(/\s+/)) {
      const path = word.replace(/^[(["']+/, '').replace(/[)\]"',;:.]+$/, '').replace(/^\.\//, '');
      if (!path || NOT_ONE_PATH.test(path) || path.startsWith('/') || path.startsWith('-') || GENERATED.test(path)) continue;
      if (!/^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(path)) continue;
      if (!path.includes('/')) {
        if (FILE_NAME.test(path) && !/^\.\w+$/.test(path)) named.push({ text: path, candidates: bases.map((base) => inRepo(base, path)), bareName: path });
        continue;
      }
      const first = path.split('/')[0]!;
      const from = bases.filter((base) => tree.has(inRepo(base, first)));
      if (from.length > 0 || FILE_NAME.test(path)) named.push({ text: path, candidates: (from.length > 0 ? from : bases).map((base) => inRepo(base, path)) });
    }
  }
  return named;
}

/** The names among them that point at nothing in the tree. */
function missingPaths(named: readonly NamedPath[], tree: ReadonlySet<string>): string[] {
  const fileNames = new Set([...tree].map((path) => path.slice(path.lastIndexOf('/') + 1)));
  return named
    .filter((name) => !name.candidates.some((candidate) => tree.has(candidate)) && !(name.bareName && fileNames.has(name.bareName)))
    .map((name) => name.text);
}

const tree = new Set(workingTree());
const docs = [...tree].filter((path) => path.endsWith('.md') && existsSync(join(root, path))).sort();

describe('the documentation', () => {
  it('is the root README, the area READMEs and the decision records', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'src/client/README.md', 'src/server/README.md', 'sw/README.md', 'tests/README.md']));
    const records = docs.filter((path) => path.startsWith('src/decisions/') && path !== 'src/decisions/README.md');
    expect(records.length).toBeGreaterThan(5);
    for (const record of records) expect(record).toMatch(/^src\/decisions\/\d{4}-[a-z0-9-]+\.md$/);
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const named = pathsNamedIn(doc, readFileSync(join(root, doc), 'utf8'), tree);
    expect(missingPaths(named, tree)).toEqual([]);
  });

  it('finds the paths the docs name (so a broken search cannot pass for docs without paths)', () => {
    const all = docs.flatMap((doc) => pathsNamedIn(doc, readFileSync(join(root, doc), 'utf8'), tree));
    expect(all.length).toBeGreaterThan(200);
    const readme = pathsNamedIn('README.md', readFileSync(join(root, 'README.md'), 'utf8'), tree).map((name) => name.text);
    expect(readme).toEqual(expect.arrayContaining(['src/client/README.md', 'src/server/README.md', 'sw/README.md', 'tests/README.md']));
  });

  it('links every area README and decision record from the root README or the records’ index', () => {
    const linked = (doc: string) => pathsNamedIn(doc, readFileSync(join(root, doc), 'utf8'), tree).flatMap((name) => name.candidates);
    const fromReadme = new Set(linked('README.md'));
    for (const doc of docs.filter((path) => path.endsWith('/README.md') && path !== 'src/decisions/README.md')) expect(fromReadme, doc).toContain(doc);
    const fromIndex = new Set(linked('src/decisions/README.md'));
    for (const record of docs.filter((path) => /^src\/decisions\/\d/.test(path))) expect(fromIndex, record).toContain(record);
  });
});

describe('the configuration table', () => {
  it('lists exactly the variables the server reads (src/server/env.ts)', () => {
    const doc = readFileSync(join(root, 'src/server/README.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Configuration'), doc.indexOf('\n## ', doc.indexOf('## Configuration') + 1));
    const listed = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('names every variable with its default in the root README too (the design card\'s contract)', () => {
    const doc = readFileSync(join(root, 'README.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Configuration'), doc.indexOf('\n## ', doc.indexOf('## Configuration') + 1));
    const listed = [...section.matchAll(/^\| ((?:`[A-Z][A-Z0-9_]*`(?:, )?)+) \| [^|\s][^|]*\|/gm)].flatMap((match) => [...(match[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1] ?? ''));
    expect(listed.sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});

describe('finding the paths a Markdown file names', () => {
  const sample = new Set(['src', 'src/server', 'src/server/modules', 'src/server/modules/cart', 'src/server/app.ts', 'README.md', 'sw', 'sw/sw.ts']);
  const missing = (file: string, markdown: string) => missingPaths(pathsNamedIn(file, markdown, sample), sample);

  it('reports a renamed file, folder or link target', () => {
    expect(missing('README.md', 'See `src/server/app.ts` and `src/server/application.ts`.')).toEqual(['src/server/application.ts']);
    expect(missing('src/server/README.md', 'The cart lives in `modules/cart` (not `modules/carts/`).')).toEqual(['modules/carts/']);
    expect(missing('src/server/README.md', '[the worker](../../sw/sw.ts), [gone](../../sw/worker.ts#top)')).toEqual(['../../sw/worker.ts#top']);
    expect(missing('README.md', 'Run `npx vitest run src/server/gone.test.ts` and read `renamed.ts`.')).toEqual(['src/server/gone.test.ts', 'renamed.ts']);
  });

  it('leaves alone what is not one repository path', () => {
    const text = [
      '`/auth/login` `@apollo/client` `text/html` `p50/p95` `locales/{sv,en}.json` `tests/e2e/*.spec.ts` `e2e/<spec>.ts`',
      '`dist/server/main.js` `npm run bench:bundle` `postgres://postgres@127.0.0.1:5432/test` `$TMPDIR/x` `[https://example.se](https://example.se)`',
      '[anchor](#scripts)',
      '```sh\nnode src/not/here.ts\n```',
    ].join('\n');
    expect(missing('README.md', text)).toEqual([]);
  });
});
