import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloClient, type ApolloLink } from '@apollo/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Boot } from '../../client/app/boot';
import { COOKIE_CONSENT_COOKIE, parseConsent } from '../../client/features/consent';
import { Providers } from '../../client/app/Providers';
import { DEMO_NOTICE_COOKIE, isDemoNoticeClosed } from '../../client/features/layout/demo-notice-cookie';
import { createRoutes, pageModuleFiles, pageModuleOf, pagesRenderingWithClient } from '../../client/app/routes';
import { createCache } from '../../client/lib/apollo';
import { featureModuleKey, RenderedParts } from '../../client/lib/lazy-part';
import { pageRouteOf } from '../../client/lib/page-route';
import { createPersistedStore, parsePersistedState, PERSISTED_STATE_COOKIE } from '../../client/lib/persisted-state';
import { AUTH_COOKIE } from '../../shared/auth';
import { splitLocalePath } from '../../shared/locales';
import { pageRoutes, routes } from '../../shared/routes';
import { isSafeText } from '../../shared/text';
import { publicOrigin, type Env } from '../env';
import { languageOfUrl, t } from '../i18n';
import { apolloClientChunk, CLIENT_ENTRY, CLIENT_INTL_WARM_UP, type ViteManifestEntry } from './client-manifest';
import { savedPagesScript } from './offline-script';
import { firstRenderMessages } from './first-render-messages';
import { SAVED_PAGES_ID } from '../../client/features/pwa';

interface Assets {
  /** The client entry first, then its static imports (the shell's chunks). */
  scripts: string[];
  css: string[];
  /** Per page module (routes.tsx), the chunks it needs beyond the entry's. */
  pageScripts: Partial<Record<keyof typeof pageModuleFiles, string[]>>;
  /** Per page module, the stylesheets it brings beyond the entry's (the checkout's pages: checkout-styles.ts). */
  pageCss: Partial<Record<keyof typeof pageModuleFiles, string[]>>;
  /** Per lazily loaded module of the build (a page's part, lib/lazy-part.ts, by its manifest key), the chunks it needs beyond the entry's. */
  lazyScripts: Partial<Record<string, string[]>>;
  /** The code of the worker that loads the browser's locale data off the main thread (see intlWarmUpCode). */
  intlWarmUp: string | null;
}

/**
 * Script and CSS files of the client entry, from Vite's build manifest. The entry's static imports (the libraries'
 * chunks) are listed with it, so the page asks for them all at once instead of after the entry has arrived; and
 * each lazy page's own chunks, which the page being rendered preloads.
 */
const NO_ASSETS: Assets = { scripts: [], css: [], pageScripts: {}, pageCss: {}, lazyScripts: {}, intlWarmUp: null };

function readAssets(clientDir: string | undefined): Assets {
  if (!clientDir) return NO_ASSETS;
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestEntry>;
  const entry = manifest[CLIENT_ENTRY];
  // A build without the page's script would serve every page without its JS and CSS.
  if (!entry) throw new Error(`The client build's manifest has no ${CLIENT_ENTRY}`);
  const closure = (keys: readonly string[], seen: Set<string>, css: Set<string>) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const css = new Set(entry.css ?? []);
  const scripts = closure(entry.imports ?? [], new Set([entry.file]), css);
  /** The chunks these modules need beyond the entry's, as the page asks for them. */
  const beyondEntry = (keys: readonly string[], ownCss: Set<string>) => [...closure(keys, new Set(scripts), ownCss)].filter((f) => !scripts.has(f)).map((f) => `/${f}`);
  const pageScripts: Assets['pageScripts'] = {};
  const pageCss: Assets['pageCss'] = {};
  const apolloClient = apolloClientChunk(manifest);
  for (const [id, file] of Object.entries(pageModuleFiles) as [keyof typeof pageModuleFiles, string][]) {
    const ownCss = new Set<string>();
    // A page that waits for the Apollo client before it renders has the client's chunks asked for with its own.
    pageScripts[id] = beyondEntry(pagesRenderingWithClient.has(id) && apolloClient ? [file, apolloClient] : [file], ownCss);
    const beyond = [...ownCss].filter((f) => !css.has(f)).map((f) => `/${f}`);
    if (beyond.length) pageCss[id] = beyond;
  }
  const lazyScripts: Assets['lazyScripts'] = {};
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isDynamicEntry) lazyScripts[key] = beyondEntry([key], new Set());
  const intlWarmUp = manifest[CLIENT_INTL_WARM_UP]?.file;
  return { scripts: [...scripts].map((f) => `/${f}`), css: [...css].map((f) => `/${f}`), pageScripts, pageCss, lazyScripts, intlWarmUp: intlWarmUp ? intlWarmUpCode(join(clientDir, intlWarmUp)) : null };
}

/**
 * The locale worker's code, which the page's head starts from its own text (app/Document.tsx): as a file of its own it
 * cost every first page a request, about 0.8 KiB with its headers, 0.03 s of regular 2G. Inlined, it can import nothing.
 */
function intlWarmUpCode(file: string): string {
  const code = readFileSync(file, 'utf8').trim();
  if (/(^|[;}\s])(import|export)\b/.test(code)) throw new Error(`${file} imports or exports: the page's head starts it from its text, where it can do neither`);
  return code;
}

/**
 * Asks the browser for the entry's chunks (the entry is the shell's chunk, vite.config.ts) and the shown page's (as
 * <link rel="modulepreload"> in the head), at the usual fetch priority. The entry's script itself is at the end of
 * the body (Document's ServerScripts), not React's bootstrap module: React preloads those at low fetch priority, and
 * Chrome holds low-priority requests back while the head's others load. The shell is what hydration waits for: it
 * started about 0.4 s after the page's own chunks, which cost a cold load on slow 4G about that much (decision 0007).
 */
function PreloadModules({ hrefs }: { hrefs: readonly string[] }) {
  preloadModules(hrefs);
  return null;
}

function preloadModules(hrefs: readonly string[]) {
  for (const href of hrefs) preloadModule(href, { as: 'script' });
}

/**
 * The request's URL on our own origin: concatenated, not resolved, so a path such as //evil.example/ stays a
 * path. Null for a target that is no path (absolute-form requests).
 */
function requestUrl(req: FastifyRequest, origin: string): URL | null {
  if (!req.url.startsWith('/')) return null;
  try {
    return new URL(`${new URL(origin).origin}${req.url}`);
  } catch {
    return null;
  }
}

const decodes = (part: string) => {
  try {
    return isSafeText(decodeURIComponent(part));
  } catch {
    return false;
  }
};

/** A path or query that decodes to NUL or broken UTF-16 names no page and must not reach the database. */
function isRenderableUrl(url: URL): boolean {
  return decodes(url.pathname) && [...url.searchParams].every(([key, value]) => isSafeText(key) && isSafeText(value));
}

function toFetchRequest(req: FastifyRequest, url: URL): Request {
  const controller = new AbortController();
  req.raw.on('close', () => controller.abort());
  return new Request(url, { method: 'GET', headers: new Headers(req.headers as Record<string, string>), signal: controller.signal });
}

/**
 * Server rendering: react-router loaders run against an in-process Apollo client, then React streams. `graphql`
 * gives the request's link to the one schema (app.ts: through the /graphql endpoint's pipeline, with its limits).
 */
export function createRenderer(options: { clientDir: string | undefined; env: Env; demo: boolean; graphql: (req: FastifyRequest) => ApolloLink }) {
  const assets = readAssets(options.clientDir);

  const origin = publicOrigin(options.env);
  // A part drawn in the HTML has its chunks asked for as it renders (React puts them in the head, once each).
  const preloadPart = (file: string) => preloadModules(assets.lazyScripts[featureModuleKey(file)] ?? []);
  const pageModuleAt = (matches: Parameters<typeof pageRouteOf>[0]) => {
    const id = pageRouteOf(matches)?.id;
    return id ? pageModuleOf[id] : null;
  };
  const pageScriptsOf = (matches: Parameters<typeof pageRouteOf>[0]) => {
    const module = pageModuleAt(matches);
    return module ? (assets.pageScripts[module] ?? []) : [];
  };
  /** The shell's stylesheet, and the page's own where it brings one: both in the head, for the first paint. */
  const cssOf = (matches: Parameters<typeof pageRouteOf>[0]) => {
    const module = pageModuleAt(matches);
    const own = module ? assets.pageCss[module] : undefined;
    return own ? [...assets.css, ...own] : assets.css;
  };

  async function render(req: FastifyRequest, reply: FastifyReply, nonce: string) {
    const url = requestUrl(req, origin);
    if (!url) return renderError(reply, 400);
    if (!isRenderableUrl(url)) return renderError(reply, 404);
    // The loader data travels to the browser in the router's hydration data, so the server's client keeps no cache:
    // writing each answer into a normalised cache and reading it back was a fifth of a page's main-thread time.
    // Nothing rendered here reads that cache (the checkout's queries wait for the cart's id, read in the browser).
    const client = new ApolloClient({
      ssrMode: true,
      cache: createCache(),
      link: options.graphql(req),
      defaultOptions: { query: { fetchPolicy: 'no-cache' }, watchQuery: { fetchPolicy: 'no-cache' } },
    });
    const handler = createStaticHandler(createRoutes(client));
    const context = await handler.query(toFetchRequest(req, url));
    if (context instanceof Response) {
      // A loader redirect.
      return reply.status(context.status).header('Location', context.headers.get('Location') ?? '/').send();
    }
    // The page's texts travel to the browser cut to those its render uses.
    const body = firstRenderMessages(context.loaderData);
    const router = createStaticRouter(handler.dataRoutes, context);
    const pageRoute = pageRouteOf(context.matches);
    // The service worker shows the offline page under other pages' addresses: without the app's scripts (its
    // router data would not match), and without a consent banner no script could close.
    const offlinePage = pageRoute?.id === 'offline';
    const persisted = parsePersistedState(req.cookies[PERSISTED_STATE_COOKIE]);
    const boot: Boot = {
      css: cssOf(context.matches),
      persisted,
      variant: options.env.SHOP_VARIANT,
      gtmId: options.env.GTM_ID ?? null,
      telemetry: options.env.TELEMETRY_INSTRUMENTATION_KEY ? { instrumentationKey: options.env.TELEMETRY_INSTRUMENTATION_KEY, endpoint: options.env.TELEMETRY_ENDPOINT } : null,
      personalisation: options.env.PERSONALISATION_URL ? { url: options.env.PERSONALISATION_URL, eurPerSek: options.env.PERSONALISATION_EUR_PER_SEK } : null,
      requestId: req.id,
      demo: options.demo,
      // The worker keeps the offline page for every later session: it must not keep one shopper's choice.
      demoNoticeClosed: offlinePage ? false : isDemoNoticeClosed(req.cookies[DEMO_NOTICE_COOKIE]),
      origin,
      cookieConsent: offlinePage ? false : parseConsent(req.cookies[COOKIE_CONSENT_COOKIE]),
      renderedAt: Date.now(),
    };
    const languageId = splitLocalePath(url.pathname).languageId;

    return new Promise<FastifyReply>((resolve) => {
      let failed = false;
      const stream = renderToPipeableStream(
        <Providers
          boot={boot}
          languageId={languageId}
          client={client}
          store={createPersistedStore(persisted)}
          serverScripts={offlinePage ? undefined : { nonce, intlWarmUp: assets.intlWarmUp, entry: assets.scripts[0] ?? null }}
        >
          {!offlinePage && <PreloadModules hrefs={[...assets.scripts, ...pageScriptsOf(context.matches)]} />}
          <RenderedParts.Provider value={offlinePage ? null : preloadPart}>
            <StaticRouterProvider router={router} context={context} nonce={nonce} />
          </RenderedParts.Provider>
        </Providers>,
        {
          nonce,
          // A Suspense boundary that is ready when the HTML is flushed goes out in place. React would otherwise move
          // a large one (past 12.8 kB so far) out of the flow as a hidden part that a script puts in place: a shopper
          // without JavaScript never saw a widget page's product list or tiles.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          ...(offlinePage ? { bootstrapScriptContent: savedPagesScript(SAVED_PAGES_ID) } : {}),
          onShellReady() {
            reply
              .status(failed ? 500 : context.statusCode)
              .header('Content-Type', 'text/html; charset=utf-8')
              // A shopper's own page (checkout, order, account) is never kept by the service worker or a shared cache;
              // any page rendered for a signed-in customer (the apollo-token cookie) may show them (name, prices for
              // them), so only their own browser may keep it.
              .header('Cache-Control', pageRoute && pageRoutes[pageRoute.id].personal ? 'private, no-store' : req.cookies[AUTH_COOKIE] !== undefined ? 'private, no-cache' : 'no-cache')
              .header('Vary', 'Cookie');
            stream.pipe(body);
            resolve(reply.send(body));
          },
          onShellError(error) {
            req.log.error(error);
            resolve(renderError(reply, 500));
          },
          onError(error) {
            failed = true;
            req.log.error(error);
          },
        },
      );
      req.raw.on('close', () => stream.abort());
    });
  }

  /**
   * A page that cannot fail: no data and no scripts, in the language of the address asked for (English under /en,
   * Swedish otherwise). Not found says so; any other status gets the generic error text; both offer the home page.
   */
  function renderError(reply: FastifyReply, status: number) {
    const languageId = languageOfUrl(reply.request.url);
    const text = t(languageId, status === 404 ? 'notFound.text' : 'error.generic');
    const demoNotice = options.demo ? `<aside class="demo-notice">${t(languageId, 'demo.notice')} ${t(languageId, 'demo.notice.more')}</aside>` : '';
    return reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="${languageId}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title>${assets.css.map((h) => `<link rel="stylesheet" href="${h}">`).join('')}</head><body>${demoNotice}<main class="page error-page"><h1>${text}</h1><p class="error-page__status">${status}</p><a class="button" href="${routes.home(languageId)}">${t(languageId, 'error.home')}</a></main></body></html>`,
      );
  }

  return { render, renderError };
}
