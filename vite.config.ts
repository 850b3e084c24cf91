import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/**
 * Chromium's file-wide compile hint (V8's explicit compile hints, Chrome 136 on), first in the shell's script: V8
 * compiles all its functions while the script streams in, on a background thread, instead of each on the main thread
 * at its first call. Nearly all of the shell runs before the first page hydrates (react-dom, the router, the layout),
 * and on a slow link the compiling overlaps the download. In a CPU profile at 4x slowdown the shell's evaluation task
 * went from 115 to 58–80 ms, most of what it lost being react-dom's module function compiled at its call. Other
 * browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const isShellChunk = (chunk: { isEntry: boolean; name: string }) => chunk.isEntry && chunk.name === 'entry-client';

/**
 * Brotli (quality 11) and gzip (level 9) copies of the client's JS and CSS next to each file, which the server
 * sends as they are (@fastify/static preCompressed). Compressing per request runs at a fast, lower quality: the
 * first route's JS travelled as about 200 KiB brotli instead of 169, a second more on 2G. The shell's file gets its
 * compile hint (COMPILE_HINT) in the same step, just before its copies are made: the write hooks of the plugins run
 * side by side, so a hook of its own could race this one.
 */
export function precompress(): Plugin {
  return {
    name: 'storefront:precompress',
    apply: 'build',
    augmentChunkHash: (chunk) => (isShellChunk(chunk) ? COMPILE_HINT : undefined),
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      const dir = options.dir ?? 'dist/client';
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const output = bundle[file];
          // Here, not in generateBundle: Vite puts its preload list (__vite__mapDeps) first after that hook.
          if (output?.type === 'chunk' && isShellChunk(output)) {
            await writeFile(path, `${COMPILE_HINT}\n${await readFile(path, 'utf8')}`);
            // A build with source maps: the code moved one line down, and so must every mapping.
            if (output.sourcemapFileName) {
              const mapPath = join(dir, output.sourcemapFileName);
              const map = JSON.parse(await readFile(mapPath, 'utf8')) as { mappings?: unknown };
              if (typeof map.mappings === 'string') await writeFile(mapPath, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
              else this.warn(`${output.sourcemapFileName} has no mappings to move below the compile hint`);
            } else if (options.sourcemap === 'inline') this.warn(`${file}'s inline source map is a line off after the compile hint`);
          }
          const data = await readFile(path);
          await writeFile(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
          await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The pages' UI strings reach react-intl already parsed (ICU message ASTs), so the client bundle leaves out the ICU
 * parser (about 6.7 KiB brotli of the first route; the ASTs cost about 0.4 KiB more than the strings). Only the
 * catalogs src/client/i18n/messages.ts loads are compiled: the server's mails and errors format their own strings.
 */
const PAGE_CATALOG = /\/locales\/(sv|en)\.json$/;
const PAGE_CATALOG_LOADER = /\/src\/client\/i18n\/messages\.ts$/;
function compiledMessages(): Plugin {
  const prefix = '\0compiled-messages:';
  const suffix = '.js';
  return {
    name: 'storefront:compiled-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !PAGE_CATALOG_LOADER.test(importer) || !PAGE_CATALOG.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // Not ending in .json, which Vite's JSON plugin would take for its own.
      return resolved ? `${prefix}${resolved.id}${suffix}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -suffix.length);
      this.addWatchFile(file);
      const catalog = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, parse(text)]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

/**
 * The entry and everything it imports statically are one chunk, the shell's: the shared chunks Rolldown would
 * otherwise cut out of it for the lazy pages compress worse apart (about 6 KiB brotli) and cost the first load more
 * requests. What only pages import stays with the pages. The chunk keeps the entry's name (entry-client-*.js); a
 * separate one-line entry cost every first page one more request (about 1 KiB with its headers, 0.03 s on 2G). The
 * server names it itself at the end of the page (src/client/app/Document.tsx), since React's bootstrap modules load
 * at low priority.
 */
const ENTRY = /\/src\/client\/entry-client\.tsx$/;
/** The shell's script (the entry's chunk, which holds Rolldown's runtime too: runtimeInShell), as a lazy import's dependencies name it. */
const SHELL_SCRIPT = /(^|\/)entry-client-[\w-]+\.js$/;
/**
 * What a lazy chunk's import() preloads beside it (Vite appends a <link rel="modulepreload"> for each): the chunks it
 * imports, so they come at once rather than after it has been parsed. Not the shell's chunk: every page has loaded it
 * before any import() runs, and its name (hashes do not compress) rode in every list. Nor the imported chunk itself,
 * which import() asks for in the same moment, unless the import brings style sheets: Vite's helper waits for those
 * before it calls import(), and the chunk's own link lets it come meanwhile. Each appended link cost the main thread
 * about 1 ms in this machine's Chromium: a first visit of a category page appended 48 in 41-75 ms, and now 35 in
 * 26-29 ms (decision 0007, 2026-12-03).
 */
export function lazyImportPreloads(file: string, deps: readonly string[], withStyles: ReadonlySet<string>): string[] {
  return deps.filter((dep) => (dep !== file || withStyles.has(file)) && !SHELL_SCRIPT.test(dep));
}

/**
 * The client build's chunks whose import brings style sheets, found by lazyImportStyles before Vite writes the
 * preload lists; null until then. Should Vite ever write them first, the build stops rather than drop the links a
 * styled chunk needs.
 */
let importsWithStyles: Set<string> | null = null;
function stylesOfThisBuild(): ReadonlySet<string> {
  if (!importsWithStyles) throw new Error("Vite wrote the lazy imports' preload lists before storefront:lazy-import-styles found the styled chunks");
  return importsWithStyles;
}

interface StyledChunk {
  fileName: string;
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/**
 * The chunks whose import() brings style sheets the page has not got: their own or those of a chunk they import,
 * as Vite's preload helper gathers them, but not through the shell's chunk, whose styles are in the page's head.
 */
export function chunksImportingStyles(chunks: readonly StyledChunk[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const hasOwnStyles = (name: string) => (byName.get(name)?.viteMetadata?.importedCss.size ?? 0) > 0;
  // A walk of its own per chunk: a result cached while an import cycle is open would depend on where the walk began.
  const bringsStyles = (start: string): boolean => {
    const seen = new Set<string>();
    const walk = (name: string): boolean => {
      if (seen.has(name) || SHELL_SCRIPT.test(name) || !byName.has(name)) return false;
      seen.add(name);
      return hasOwnStyles(name) || byName.get(name)!.imports.some(walk);
    };
    return walk(start);
  };
  return new Set(chunks.map((chunk) => chunk.fileName).filter(bringsStyles));
}

function lazyImportStyles(): Plugin {
  return {
    name: 'storefront:lazy-import-styles',
    apply: 'build',
    buildStart() {
      importsWithStyles = null;
    },
    // Before Vite's own generateBundle, which writes the preload lists (calling lazyImportPreloads).
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file as unknown as StyledChunk] : []));
        importsWithStyles = chunksImportingStyles(chunks);
      },
    },
  };
}
function shellChunk(id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null }): string | null {
  const seen = new Set<string>();
  const reachesEntry = (moduleId: string): boolean => {
    if (ENTRY.test(moduleId)) return true;
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    return (ctx.getModuleInfo(moduleId)?.importers ?? []).some(reachesEntry);
  };
  return reachesEntry(id) || TEXT_WIDGET.test(id) ? 'shell' : null;
}

/**
 * Rolldown's runtime (its helpers for CommonJS modules and namespace objects, about 0.4 KiB brotli) is a file of its
 * own that every chunk imports, the shell first: one more request before any page hydrates (1.3 KiB with its headers
 * on a cold load, 0.04 s of regular 2G). Rolldown places it itself, and its chunking groups never see it (decision
 * 0007). So once the bundle is made, its code moves into the shell, inside a function (its top-level names would
 * clash with the shell's), and the chunks that import the shell take the helpers from it. The few that never
 * imported the shell (the cart's query document, a list's selection, the service worker's update watch) get a copy
 * of their own instead: a hashed name must change with what its file imports, and theirs depended on the runtime's,
 * never on the shell's. The shell must import nothing itself, or a chunk it imported could run before the helpers
 * exist. Should any of this change shape, the build warns and leaves the runtime as it was.
 */
export function runtimeInShell(
  files: { runtime: string; shell: string },
  chunks: ReadonlyArray<{ fileName: string; code: string; imports: readonly string[] }>,
): Map<string, string> | string {
  const runtimeFile = files.runtime.split('/').pop()!;
  const shellFile = files.shell.split('/').pop()!;
  const exported = /^([\s\S]*?);?export\s*\{([^}]*)\};?\s*$/.exec(chunks.find((c) => c.fileName === files.runtime)?.code ?? '');
  if (!exported) return "Rolldown's runtime no longer ends with one export statement";
  const shell = chunks.find((c) => c.fileName === files.shell);
  if (!shell?.imports.includes(files.runtime)) return "the shell does not import Rolldown's runtime";
  if (shell.imports.some((file) => file !== files.runtime)) return 'the shell imports other chunks, which could run before the helpers exist';
  const pairs = (list: string) => list.split(',').map((part) => part.trim().split(/\s+as\s+/)).map(([name, as = name]) => ({ name: name!, as: as! }));
  const helpers = pairs(exported[2]!);
  const alias = (name: string) => `$rt$${name}`;
  // A function declaration, so the chunk's first statements can call it.
  const ownCopy = `\nfunction $rt$(){return $rt$.v||($rt$.v=(()=>{${exported[1]};return{${helpers.map((h) => `${h.as}:${h.name}`).join(',')}}})())}`;
  const importOf = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${runtimeFile.replace(/[.$-]/g, '\\$&')}";?`, 'g');
  const code = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.fileName === files.runtime || !chunk.code.includes(runtimeFile)) continue;
    const isShell = chunk.fileName === files.shell;
    const fromShell = !isShell && chunk.imports.includes(files.shell);
    if (!fromShell && /\$rt\$/.test(chunk.code)) return `${chunk.fileName} already uses the names the runtime would take`;
    // Padded with spaces where shorter than the statement it replaces.
    let rewritten = chunk.code.replace(importOf, (statement, list: string) =>
      (fromShell
        ? `import{${pairs(list).map(({ name, as }) => `${alias(name)} as ${as}`).join(',')}}from"./${shellFile}";`
        : `const{${pairs(list).map(({ name, as }) => (name === as ? name : `${name}:${as}`)).join(',')}}=$rt$();`
      ).padEnd(statement.length),
    );
    if (rewritten.includes(runtimeFile)) return `${chunk.fileName} names Rolldown's runtime otherwise than by one import statement`;
    if (!fromShell) rewritten += ownCopy;
    // The other chunks run after the shell has, so its exports are set by then.
    if (isShell) rewritten += `const{${helpers.map((h) => `${h.as}:${alias(h.as)}`).join(',')}}=$rt$();export{${helpers.map((h) => alias(h.as)).join(',')}};`;
    code.set(chunk.fileName, rewritten);
  }
  return code;
}
function runtimeIntoShell(): Plugin {
  return {
    name: 'storefront:runtime-into-shell',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const runtime = chunks.find((chunk) => /(^|\/)rolldown-runtime-[\w-]+\.js$/.test(chunk.fileName));
      const shell = chunks.find(isShellChunk);
      if (!runtime || !shell) return;
      const rewritten = runtimeInShell({ runtime: runtime.fileName, shell: shell.fileName }, chunks);
      if (typeof rewritten === 'string') return this.warn(`${rewritten}: it stays a file of its own`);
      for (const chunk of chunks) {
        const code = rewritten.get(chunk.fileName);
        if (code === undefined) continue;
        chunk.code = code;
        chunk.imports = chunk.imports.filter((file) => file !== runtime.fileName);
      }
      delete bundle[runtime.fileName];
    },
  };
}

/**
 * A second, terser pass over the shell's chunk once Rolldown's minifier has run: it finds what Oxc's leaves (most of it
 * in react-dom), 0.8 KiB brotli of the shell's 105.7, which took the list's and the product's first route back under
 * 110 KiB. Terser alone, in Oxc's place, saved 0.1 KiB; over the other chunks the pass saved 0.4 KiB in all, some page
 * chunks growing, for seconds of every build. The file's hash is made before this hook, so terser's version and
 * options go into it (augmentChunkHash): a new terser changes the shell's name with its bytes. Vite pairs each lazy
 * import with its preload marker by their order: should the pass ever change how many markers there are, it warns and
 * keeps Oxc's code. Not with source maps (a profiling build), which it would leave pointing at Oxc's code.
 */
const TERSER_OPTIONS = { module: true, compress: { passes: 2 }, mangle: true } as const;
export function terserPass(): Plugin {
  const markers = (code: string) => code.split('__VITE_PRELOAD__').length;
  // A build with source maps skips the pass, so its shell must not be named as if terser had run on it.
  let withSourceMaps = false;
  return {
    name: 'storefront:terser-pass',
    apply: 'build',
    renderStart(options) {
      withSourceMaps = Boolean(options.sourcemap);
    },
    augmentChunkHash(chunk) {
      if (!isShellChunk(chunk) || withSourceMaps) return;
      const { version } = JSON.parse(readFileSync(fromModules('terser/package.json'), 'utf8')) as { version: string };
      return `terser ${version} ${JSON.stringify(TERSER_OPTIONS)}`;
    },
    async generateBundle(options, bundle) {
      if (options.sourcemap) return;
      const shell = Object.values(bundle).find((file) => file.type === 'chunk' && isShellChunk(file));
      if (shell?.type !== 'chunk') return;
      const { minify } = await import('terser');
      const { code } = await minify(shell.code, { ...TERSER_OPTIONS, sourceMap: false });
      if (code === undefined) return;
      if (markers(code) !== markers(shell.code)) this.warn(`terser changed how many preload markers ${shell.fileName} has: it keeps Oxc's code`);
      else shell.code = code;
    },
  };
}

/**
 * A content page's text widget (a few dozen bytes), which both the home page's widgets and a page of text alone draw:
 * in a chunk of its own it cost both a request before hydration, so it rides in the shell.
 */
const TEXT_WIDGET = /\/src\/client\/features\/content\/TextWidget\.tsx$/;

/**
 * The tab's Apollo client with everything of Apollo's that the pages use (hooks, errors, rxjs, graphql's printer):
 * one chunk loaded after the first render (src/client/lib/apollo-client.ts), rather than a dozen small ones that
 * compress worse apart and cost the checkout's first route more requests.
 */
const APOLLO = /\/node_modules\/(@apollo\/client|rxjs|graphql|optimism|@wry\/[^/]+|tslib)\/|\/src\/client\/lib\/apollo\.ts$/;
function apolloChunk(id: string): string | null {
  return APOLLO.test(id) ? 'apollo' : null;
}

/**
 * The form kit and what every form's submit uses (the client error shape, the mutation helper): one chunk that the
 * product page, the footer's sign-up, the cart's code fields, the checkout and the account pages share, rather
 * than four small ones that each cost a request and compress worse apart.
 */
const FORMS = /\/src\/client\/(components\/form\/|lib\/(client-error|use-client-error|use-shop-mutation)\.ts$)/;
function formsChunk(id: string): string | null {
  return FORMS.test(id) ? 'forms' : null;
}

/**
 * The product cards and what they show (picture, price, stock), which the catalog's pages share: one chunk beside
 * the page's own rather than four small ones (0.2–0.5 KiB brotli less for a list, the home and a product page, and
 * three requests fewer). What the shell also uses stays in the shell: its group comes first. Not the money formatting:
 * the cards show the server's formatted prices (see CATALOG_EXTRAS).
 */
const CATALOG = /\/src\/(client\/(features\/catalog\/(ProductCard|StockStatus)\.tsx|components\/(ProductImage|PriceTag|LazyImage)\.tsx|lib\/live-catalog\.ts))$/;
function catalogChunk(id: string): string | null {
  return CATALOG.test(id) ? 'catalog' : null;
}

/**
 * What other features take from the catalog (its index: the grid and the campaign stamp) with the money formatting,
 * which of all the parts a page may hydrate only the campaign stamp uses: one chunk, so the home page's hero and the
 * widgets' product rows fetch nothing more before hydrating than before, and the cards' chunk leaves the formatting
 * out. The cart's and the checkout's chunks, which load later, take it from here.
 */
const CATALOG_EXTRAS = /\/src\/(client\/features\/catalog\/(CampaignStamp\.tsx|index\.ts)|shared\/money\.ts)$/;
function catalogExtrasChunk(id: string): string | null {
  return CATALOG_EXTRAS.test(id) ? 'catalog-extras' : null;
}

/**
 * PGlite's worker thread (src/server/db/pglite-worker.js) as an entry of its own, beside main.js where
 * pglite-thread.ts looks for it. An emitted chunk rather than a second input: `--ssr <entry>` overrides the input.
 */
function pgliteWorkerEntry(): Plugin {
  return {
    name: 'storefront:pglite-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./src/server/db/pglite-worker.js', import.meta.url)), fileName: 'pglite-worker.js' });
    },
  };
}

/**
 * react-router's build keeps what the shop never renders (<Form> with its submit code, the framework's prefetch
 * links): its components are made by unmarked `React.forwardRef(…)` calls and named for React's devtools by
 * top-level `X.displayName = "…"` statements, which a bundler must both keep. The client build marks those calls
 * pure and drops the names (devtools show the function names), so unused components go (about 1 KiB brotli of
 * every first route). react-intl's build gets the same treatment (INTL_COMPONENTS).
 */
const ROUTER_BUILD = /\/node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/;
/**
 * react-intl's build has the same habit: its components (<FormattedRelativeTime> with its timer, <FormattedPlural>,
 * the *Parts ones …) are named by top-level `displayName` statements and some are made by unmarked
 * `createFormatted…Component("…")` calls, so every one of them rode along with the two the shop renders (about
 * 0.2 KiB brotli).
 */
const INTL_COMPONENTS = /\/node_modules\/react-intl\/index\.js$/;
function routerTreeShaking(): Plugin {
  return {
    name: 'storefront:router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: [ROUTER_BUILD, INTL_COMPONENTS] },
      handler(code, id) {
        const shakeable = code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo)\(|createFormatted\w*Component\()/g, '= /* @__PURE__ */ $1');
        if (!ROUTER_BUILD.test(id) || !code.includes('function DefaultErrorComponent()')) return { code: shakeable, map: null };
        // react-router's own error screen ("Unexpected Application Error!" with the stack), for an error no route's
        // ErrorBoundary takes: the shop's root route has one (app/routes.tsx), so it never shows (0.2 KiB brotli).
        const withoutDefaultError = shakeable.replace(/^function DefaultErrorComponent\(\) \{\n[\s\S]*?\n\}$/m, 'function DefaultErrorComponent() {\n  return null;\n}');
        if (withoutDefaultError === shakeable) this.warn("react-router's DefaultErrorComponent no longer has the expected shape: it stays in the build");
        // What an error boundary does with a React Server Components redirect (an error whose digest names one): only
        // under RSCRouterContext, which the shop never provides (it renders with a data router), so it passes the
        // boundary's content through, and the redirect's decoding and checks leave the build (0.2 KiB brotli).
        const withoutRscRedirects = withoutDefaultError.replace(/^function RSCErrorHandler\(\{\n {2}children,\n {2}error\n\}\) \{\n[\s\S]*?\n\}$/m, 'function RSCErrorHandler({\n  children\n}) {\n  return children;\n}');
        if (withoutRscRedirects === withoutDefaultError) this.warn("react-router's RSCErrorHandler no longer has the expected shape: it stays in the build");
        return { code: withoutRscRedirects, map: null };
      },
    },
  };
}

/**
 * The formatters of react-intl's `intl` object that the shop never calls. @formatjs/intl's createIntl binds every
 * formatter it has (lists, relative times, durations, display names, ranges, the *ToParts ones), so none could be
 * left out; the client build binds these to one that throws instead (about 0.7 KiB brotli of every first route).
 * `IntlShape` in src/client/i18n/intl.tsx leaves them out, so calling one does not compile; to use one, take its
 * name out of this list and out of that type.
 */
export const UNUSED_INTL_FORMATTERS = [
  'formatNumberToParts',
  'formatDuration',
  'formatDurationToParts',
  'formatRelativeTime',
  'formatDateToParts',
  'formatDateTimeRange',
  'formatTimeToParts',
  'formatPlural',
  'formatList',
  'formatListToParts',
  'formatDisplayName',
] as const;
/**
 * The checks react-intl makes of the page's locale before it formats anything: createIntl asks whether the browser has
 * number and date data for it (Intl.NumberFormat/DateTimeFormat.supportedLocalesOf), and so does each message with
 * values (IntlMessageFormat.resolveLocale). A tab's first such call loads that data, 15–31 ms of the main thread at
 * 1x in this Chromium, where a PluralRules or a Locale costs 0.1–0.4 ms (decision 0007, 2026-12-04 (a twelfth
 * host)); and it fell inside the hydration's first task on every page, though the home page and a product in stock
 * format no number or date then. The answers serve only to report a locale the browser lacks (createIntl's
 * MissingDataError, which reportMissingText keeps to development) and to pick the first supported one of a list of
 * locales (react-intl passes one, the channel's iso, for which resolveLocale answers the same without the check), so
 * the client build asks nothing: the data loads when a number or date is first formatted, if one is. The server and
 * the tests keep the checks.
 */
const CREATE_INTL_LOCALE_CHECKS = / else if \(!Intl\.NumberFormat\.supportedLocalesOf\(locale\)\.length && onError\) onError\(.*\n\telse if \(!Intl\.DateTimeFormat\.supportedLocalesOf\(locale\)\.length && onError\) onError\(.*$/m;
const RESOLVE_LOCALE_CHECK = /^\t{3}const supportedLocales = Intl\.NumberFormat\.supportedLocalesOf\(locales\);\n\t{3}if \(supportedLocales\.length > 0\) return new Intl\.Locale\(supportedLocales\[0\]\);$/m;

/** Replaces what `pattern` finds, or warns (which fails tests/tools/checked-build.ts) that the library changed shape. */
function replaceOrWarn(code: string, pattern: RegExp, replacement: string, warning: string, warn: (message: string) => void): string {
  if (!pattern.test(code)) warn(warning);
  return code.replace(pattern, replacement);
}

/** @formatjs/intl's createIntl binding each of UNUSED_INTL_FORMATTERS to one that throws, and asking nothing of the locale. */
function trimmedCreateIntl(code: string, warn: (message: string) => void): string {
  let trimmed = code.replace(/^function createIntl\(/m, 'const notInTheClientBuild = () => {\n\tthrow new Error("Not in the client build: vite.config.ts");\n};\nfunction createIntl(');
  for (const name of UNUSED_INTL_FORMATTERS) {
    // A new @formatjs/intl that binds it otherwise keeps it: harmless, but the bytes come back.
    const binding = new RegExp(`^(\\s+${name}): ${name}\\.bind\\(.*$`, 'm');
    trimmed = replaceOrWarn(trimmed, binding, '$1: notInTheClientBuild,', `@formatjs/intl's createIntl no longer binds ${name} as expected: it stays in the build`, warn);
  }
  return replaceOrWarn(trimmed, CREATE_INTL_LOCALE_CHECKS, '', "@formatjs/intl's createIntl no longer checks the locale as expected: its first Intl call stays in the hydration", warn);
}

/** react-intl's two modules as the client build has them: createIntl trimmed, resolveLocale without its check. */
const INTL_BUILDS = /\/node_modules\/(?:@formatjs\/intl|intl-messageformat)\/index\.js$/;
function intlForTheClient(): Plugin {
  return {
    name: 'storefront:intl-for-the-client',
    apply: 'build',
    transform: {
      filter: { id: INTL_BUILDS },
      handler(code, id) {
        const warn = (message: string) => this.warn(message);
        const trimmed = id.includes('/intl-messageformat/')
          ? replaceOrWarn(code, RESOLVE_LOCALE_CHECK, '', "intl-messageformat's resolveLocale no longer has the expected shape: its first Intl call stays in the hydration", warn)
          : trimmedCreateIntl(code, warn);
        return { code: trimmed, map: null };
      },
    },
  };
}

// One config for three builds: the client (+ service worker), the server bundle (--ssr), and Vitest.
const fromModules = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));

/**
 * The client build's substitutes: react-router's production build (its package points every condition at the
 * development one, which keeps its warnings) and the ICU parser's no-parser entry (the messages arrive compiled,
 * see compiledMessages). The server and the tests keep the originals.
 */
const clientAliases = [
  { find: /^react-router$/, replacement: fromModules('react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: fromModules('react-router/dist/production/dom-export.mjs') },
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: fromModules('@formatjs/icu-messageformat-parser/no-parser.js') },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  publicDir: 'public',
  resolve: command === 'build' && !isSsrBuild ? { alias: clientAliases } : {},
  plugins: [
    react(),
    compiledMessages(),
    !isSsrBuild && precompress(),
    !isSsrBuild && runtimeIntoShell(),
    !isSsrBuild && lazyImportStyles(),
    !isSsrBuild && terserPass(),
    !isSsrBuild && routerTreeShaking(),
    !isSsrBuild && intlForTheClient(),
    isSsrBuild && pgliteWorkerEntry(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        injectRegister: false,
        // The server renders every page, so there is no index.html: the worker precaches the hashed assets
        // and the server-rendered shell it fetches itself (see sw/sw.ts).
        // A classic script, as workbox-window registers it: the plugin's 'es' build passes Rolldown the deprecated
        // inlineDynamicImports option, which printed a warning on every build.
        // Not the locale worker's file: the page's head carries its code (app/Document.tsx).
        injectManifest: { globPatterns: ['**/*.{js,css}'], globIgnores: ['**/node_modules/**', '**/intl-warm-up-*.js'], rollupFormat: 'iife' },
        // The favicons the pages link, for pages shown offline. The manifests are the server's (one per language and
        // shop variant, src/server/web-app.ts), and their pictures are only fetched online, when installing.
        includeAssets: ['icons/*/icon.svg'],
        manifest: false,
      }),
  ],
  // bundlerTimings: Rolldown's [PLUGIN_TIMINGS] report is advice to plugin authors that appears or not with the
  // machine's load (the brotli precompression is the slow step on a busy machine); nothing a newcomer acts on.
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        sourcemap: true,
        emptyOutDir: true,
        // The server holds both languages' texts anyway: the client's lazy import of them (one chunk per language)
        // has nothing to split here, which Rolldown would report on every build.
        rolldownOptions: {
          checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
          // main.ts only sets NODE_ENV and imports cli.ts: that chunk stays beside it, where the paths it works out
          // from its own URL (the client's files, the PGlite worker) expect to be.
          output: { chunkFileNames: (chunk) => (chunk.name === 'cli' ? '[name].js' : 'assets/[name]-[hash].js') },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        modulePreload: { resolveDependencies: (file: string, deps: string[]) => lazyImportPreloads(file, deps, stylesOfThisBuild()) },
        emptyOutDir: true,
        rolldownOptions: {
          // The worker that loads the browser's locale data off the main thread (src/client/i18n/intl-warm-up.ts) is
          // an entry of its own: the server reads its built code into the page's head (render.tsx, CLIENT_INTL_WARM_UP).
          input: { 'entry-client': 'src/client/entry-client.tsx', 'intl-warm-up': 'src/client/i18n/intl-warm-up.ts' },
          // debugName: a group named by a function is otherwise reported on every build.
          output: { codeSplitting: { groups: [{ name: shellChunk, debugName: 'shell' }, { name: apolloChunk, debugName: 'apollo' }, { name: formsChunk, debugName: 'forms' }, { name: catalogChunk, debugName: 'catalog' }, { name: catalogExtrasChunk, debugName: 'catalog-extras' }] } },
          checks: { bundlerTimings: false },
        },
        // Vite warns about a chunk over 500 kB before compression. The first route's chunk is one file of about
        // 750 kB that travels as about 166 KiB brotli, and that compressed size is the budget (npm run bench:bundle).
        // Split in two to pass the warning it cost 2.3 KiB more brotli; the service worker already keeps it
        // cached between visits.
        chunkSizeWarningLimit: 900,
      },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/tools/**/*.test.ts', 'tests/bench/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}));
