import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from './db/client';
import { publicOrigin as originOf, type Env } from './env';
import { createHealthCheck } from './health-check';
import { createServingProbe } from './serving-probe';
import { malformedGraphQLRequest, singleAnswerAccept } from './graphql/request-shape';
import { configurePasswordHashing, defaultPasswordHashLimits } from './security/password';
import { isWellFormedHost } from './host-header';
import { closeConnectionsWhenClosing, connectionOptions, defaultConnectionsPerAddress, limitConnections, limitConnectionsPerAddress } from './http-connections';
import { loggerOptions, logRequestError } from './logging';
import { createContext } from './graphql/context';
import { OPERATION_DEADLINE_MS } from './graphql/operation-deadline';
import { bearerToken, createAdminTokens, seedAdmin } from './modules/admin';
import { createCustomerTokens, endShopAsOfAdmin, registerAuthRoutes, tokenSession } from './modules/auth';
import { AUTH_COOKIE } from '../shared/auth';
import { REQUEST_ID_HEADER } from '../shared/telemetry';
import { paymentProvider } from './modules/payment';
import { isDeployment, refuseAccidentalDemo } from './demo-guard';
import { buildYoga } from './graphql/schema';
import { attachGraphQLWebSocket } from './graphql/websocket';
import { inProcessLink } from './graphql/in-process-link';
import { createAddressLimits, SIGN_CHALLENGE_SECONDS } from './limits/address-limits';
import { clientAddressResolver, trustedProxy } from './limits/client-address';
import { refusePageOverBudget } from './limits/page-limit';
import { productImageSvg } from './images/product-image';
import { registerDevMailbox, registerMailPreviews, registerMailRenderScript } from './modules/mail';
import { isOrderToken } from './modules/order';
import type { Listen, PubSub } from './pubsub';
import { createLiveHub, type LiveHub } from './graphql/live';
import { createRenderer } from './render/render';
import { isFilePath, registerWebAppRoutes } from './web-app';
import { PREVIEW_COOKIE, registerPreviewLinks } from './modules/content';
import { startBackInStockNotifier } from './modules/notifications';
import { isCatalogGet } from '../shared/catalog-queries';
import { catalogEtag, catalogReadCacheControl, ifNoneMatchHas } from './graphql-cache-control';
import { readCatalogVersion } from './modules/catalog';

export interface AppDeps {
  env: Env;
  db: Db;
  pubsub: PubSub;
  /** The pub/sub's event target, which the socket's fan-out listens on (pubsub.ts). */
  listen: Listen;
  /** Built client assets (dist/client); absent in unit tests, where pages render without scripts. */
  clientDir?: string;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Names this app's limit counters in Redis; tests give each run its own. */
  limitPrefix?: string;
  /** Tests shorten it to see the deadline fire; OPERATION_DEADLINE_MS otherwise. */
  operationDeadlineMs?: number;
}

export interface App {
  fastify: FastifyInstance;
  start(): Promise<string>;
  stop(): Promise<void>;
  /**
   * Resolves once the work the app begins by itself at start-up is done (the back-in-stock notices of SKUs that
   * came back while no instance listened): its statements are no request's, and a test counting statements waits
   * for it.
   */
  settled(): Promise<void>;
  /**
   * For tests that count what an event costs (graphql/live.ts): the last event this process heard on a topic, and a
   * promise that every event it heard is answered.
   */
  live: Pick<LiveHub, 'lastReceived' | 'settled'>;
}

const ONE_YEAR = 31_536_000;

/**
 * Helmet's headers that only mean something on a document: a hashed script or stylesheet drops them, which is
 * about 650 bytes less per file on a first visit (nine of them before the page answers a tap; on 2G each KiB is
 * 33 ms). The files keep nosniff, Cross-Origin-Resource-Policy and Referrer-Policy (a stylesheet's or module's
 * own requests follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/**
 * Also left off a hashed script or stylesheet, which never changes under its name: a validator (it is never asked
 * again) and the request's id (such requests are logged only at debug, logging.ts, where the path finds them). With
 * Accept-Ranges, which no file here needs, about 110 bytes of each answer's headers; a cold page on 2G loads six to
 * eight of them before it hydrates.
 */
const ASSET_OMITTED_HEADERS = ['ETag', REQUEST_ID_HEADER];

/** What an image document may do: draw itself with its own inline styles, nothing else (no script, no fetch). */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

type NonceResponse = ServerResponse & { scriptNonce?: string };

/**
 * The token cookie of a /graphql request the browser says comes from the shop's own pages. The browser client
 * sends its token as Bearer anyway; going by the cookie of a request another site started would let that site act
 * as the shopper (a form can post multipart to /graphql), so only Sec-Fetch-Site: same-origin lets it count.
 */
function sameSiteCookieToken(req: FastifyRequest, name = AUTH_COOKIE): string | null {
  return req.headers['sec-fetch-site'] === 'same-origin' ? (req.cookies[name] ?? null) : null;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { env, db, pubsub } = deps;
  const production = process.env.NODE_ENV !== 'development';
  const fastify = Fastify({
    ...loggerOptions(env, deps.logStream),
    // Trusting every X-Forwarded-For would let anyone pick the address the rate limit counts.
    trustProxy: env.TRUST_PROXY,
    // Every log line of a request carries its id (reqId); a UUID, so ids from several instances and restarts never
    // collide. Never the client's own header: anyone could then put their lines under another shopper's id.
    genReqId: () => randomUUID(),
    ...connectionOptions(env),
  });
  limitConnections(fastify.server, env.MAX_CONNECTIONS, (message) => fastify.log.warn(message));
  limitConnectionsPerAddress(
    fastify.server,
    env.MAX_CONNECTIONS_PER_ADDRESS ?? defaultConnectionsPerAddress(env.MAX_CONNECTIONS),
    trustedProxy(env.TRUST_PROXY),
    (message) => fastify.log.warn(message),
  );
  closeConnectionsWhenClosing(fastify);
  const hashLimits = defaultPasswordHashLimits();
  configurePasswordHashing({ concurrency: env.PASSWORD_HASH_CONCURRENCY ?? hashLimits.concurrency, queue: env.PASSWORD_HASH_QUEUE ?? hashLimits.queue });
  // One transaction: a start that fails between the two would leave the old password's links and sessions alive,
  // and the next start (seeing the password already set) would never end them.
  await db.transaction(async (tx) => {
    const rotatedAdmin = await seedAdmin(tx, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (rotatedAdmin !== null) await endShopAsOfAdmin(tx, rotatedAdmin);
  });
  // Fails at start, not at the first order, when the name is unknown.
  const provider = paymentProvider(env.PAYMENT_PROVIDER);
  await refuseAccidentalDemo(env, db, provider);
  const limits = createAddressLimits(env, deps.limitPrefix);
  const contextBase = {
    db,
    pubsub,
    variant: env.SHOP_VARIANT,
    adminTokens: createAdminTokens(db, env.ADMIN_TOKEN_SECRET),
    customerTokens: createCustomerTokens(db, env.CUSTOMER_TOKEN_SECRET),
    origin: originOf(env),
    paymentProvider: env.PAYMENT_PROVIDER,
    limits,
    operationDeadlineMs: deps.operationDeadlineMs ?? OPERATION_DEADLINE_MS,
  };
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const yoga = buildYoga((initial) => createContext(contextBase, initial), { production, logger: fastify.log, corsOrigin: publicOrigin?.origin });

  // The id travels back so a shopper's report, the browser's telemetry (the page's id is in its boot data) and an
  // operator's curl lead to the request's lines in the log.
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  fastify.addHook('onRequest', async (req) => {
    if (!isWellFormedHost(req.headers.host)) throw Object.assign(new Error('Malformed Host header'), { statusCode: 400 });
  });
  await fastify.register(cookie);
  // A nonce for scripts only: helmet's own nonces also cover styles, which would disable the inline style
  // attributes that carry the channel's theme variables.
  fastify.addHook('onRequest', async (_req, reply) => {
    (reply.raw as NonceResponse).scriptNonce = randomBytes(16).toString('base64');
  });
  // The tag manager, the telemetry endpoint and the personalisation service are the only third parties, and only
  // when configured.
  const tagManager = env.GTM_ID ? ['https://www.googletagmanager.com'] : [];
  const telemetry = [
    ...(env.TELEMETRY_INSTRUMENTATION_KEY ? [new URL(env.TELEMETRY_ENDPOINT).origin] : []),
    ...(env.PERSONALISATION_URL ? [new URL(env.PERSONALISATION_URL).origin] : []),
  ];
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as NonceResponse).scriptNonce}'`, ...tagManager],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...tagManager],
        // The shop's own socket only: 'self' covers same-origin ws: and wss: in current browsers, and PUBLIC_URL's
        // socket origin is named for those that predate that rule. Never any host's socket.
        connectSrc: ["'self'", ...(publicOrigin ? [`${publicOrigin.protocol === 'https:' ? 'wss' : 'ws'}://${publicOrigin.host}`] : []), ...tagManager, ...telemetry],
        fontSrc: ["'self'"],
        // blob: for the locale data's worker, which the page's head starts from its own code (app/Document.tsx).
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The shop is served over plain http on localhost in development and tests.
    hsts: isDeployment(env) ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  // Brotli at quality 6 rather than the plugin's 4: a home page's HTML was 1.3 KiB smaller at 5 (18.4 → 17.1 KiB) for
  // 0.3 ms more per page, and 6 takes 0.1 KiB more off a category page's (12.9 KiB) in the same time; 7 and up cost
  // 3-12 ms more per page for 0.1-0.3 KiB. Static JS and CSS are precompressed at 11.
  await fastify.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 6 } },
  });

  const clientDir = deps.clientDir && existsSync(deps.clientDir) ? resolve(deps.clientDir) : undefined;
  if (clientDir) {
    const assetsDir = join(clientDir, 'assets', '/');
    await fastify.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the JS and CSS at the highest levels (vite.config.ts).
      preCompressed: true,
      // The ETag is enough to revalidate the few files that are not hashed (the worker, the manifest, icons).
      lastModified: false,
      // Scripts, stylesheets and icons are small enough to fetch whole: no Accept-Ranges on every answer.
      acceptRanges: false,
      setHeaders(reply, path) {
        const immutable = path.startsWith(assetsDir);
        reply.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
        // The path is that of the file sent: entry-client-1a2b.js.br for a brotli answer.
        if (immutable && /\.(js|css)(\.br|\.gz)?$/.test(path)) {
          for (const header of [...DOCUMENT_ONLY_HEADERS, ...ASSET_OMITTED_HEADERS]) reply.removeHeader(header);
        }
      },
    });
  }

  fastify.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    // One budget with the socket's operations (websocket.ts), in Redis when instances share it.
    onRequest: async (req, reply) => {
      const verdict = await limits.graphql.take(req.ip);
      if (!verdict.allowed) return reply.status(429).header('Retry-After', String(verdict.retryAfterSeconds)).send({ error: 'Too many requests' });
      const refusal = malformedGraphQLRequest(req);
      if (refusal) return reply.status(400).header('Cache-Control', 'private, no-store').send(refusal);
      // No Accept stays none: Yoga then answers as it always did (application/json).
      if (req.headers.accept !== undefined) req.headers.accept = singleAnswerAccept(req.headers.accept);
    },
    handler: async (req, reply) => {
      // Whether CORS headers are sent depends on Origin: a shared cache must keep the answers apart.
      if (publicOrigin) reply.header('Vary', 'Origin');
      const catalogGet = req.method === 'GET' && isCatalogGet(new URL(req.url, 'http://localhost'));
      // The tag is read before the answer, so the answer holds at least what the tag names: a write committed in
      // between moves the version on, and the next revalidation gets the whole answer. Unreadable: no tag.
      const etag = catalogGet ? await readCatalogVersion(db).then((state) => catalogEtag(state, env.SHOP_VARIANT), () => undefined) : undefined;
      if (etag && ifNoneMatchHas(req.headers['if-none-match'], etag)) {
        return reply.status(304).header('ETag', etag).header('Cache-Control', 'no-cache').send();
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, {
        clientAddress: req.ip,
        customerCookieToken: sameSiteCookieToken(req),
        previewToken: sameSiteCookieToken(req, PREVIEW_COOKIE),
      });
      // Node frames the answer itself (Content-Length or chunked, never both).
      response.headers.forEach((value, key) => void (key === 'transfer-encoding' || reply.header(key, value)));
      // A catalog read by its hash is the same for everyone: the service worker keeps it and refreshes it. Every
      // other answer may carry a shopper's cart, checkout or order, so nothing may store it.
      const catalogRead = catalogGet && response.status === 200;
      reply.status(response.status);
      if (!catalogRead) {
        reply.header('Cache-Control', 'private, no-store');
        reply.send(response.body);
        return reply;
      }
      // Yoga answers a failed read (a timeout, a resolver's error) with 200 and `errors`: kept, it would be
      // served again offline in place of the catalog, so only a clean answer may be stored.
      const body = await response.text();
      const cacheControl = catalogReadCacheControl(body);
      reply.header('Cache-Control', cacheControl);
      if (etag && cacheControl === 'no-cache') reply.header('ETag', etag);
      reply.send(body);
      return reply;
    },
  });

  const healthy = createHealthCheck(db);
  const serving = createServingProbe({ slowMs: env.SERVING_SLOW_MS });
  fastify.addHook('onClose', async () => serving.stop());
  fastify.get('/healthz', async (_req, reply) => {
    const ok = await healthy();
    reply.header('Cache-Control', 'no-store');
    if (!ok) return reply.status(503).send({ status: 'unavailable' });
    // The database answers, but pages would not come in time (a full thread pool, a held event loop): a load
    // balancer should send shoppers elsewhere until it passes.
    const { inTime, threadPoolWaitMs, eventLoopLagMs } = serving.state();
    if (!inTime) {
      // The figures go to the log only: a flood's author need not learn how well it works.
      fastify.log.warn({ threadPoolWaitMs, eventLoopLagMs }, '/healthz: pages would not be served in time');
      return reply.status(503).send({ status: 'overloaded' });
    }
    return reply.status(200).send({ status: 'ok' });
  });


  registerWebAppRoutes(fastify, { variant: env.SHOP_VARIANT, clientDir });
  registerPreviewLinks(fastify, { adminTokens: contextBase.adminTokens, secure: isDeployment(env) });

  fastify.get<{ Params: { file: string } }>('/images/:file', async (req, reply) => {
    const svg = await productImageSvg(db, req.params.file);
    if (!svg) return reply.status(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'public, max-age=86400');
    // A picture, never a page: the document's headers (0.6 KiB, most of it the page's CSP) go, and a picture opened on
    // its own may load nothing and run nothing. A home page shows a dozen of them on a first visit over 2G.
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    // Logged only at debug (logging.ts): its id goes, as a hashed script's does.
    reply.removeHeader(REQUEST_ID_HEADER);
    reply.header('Content-Security-Policy', IMAGE_CSP);
    return reply.type('image/svg+xml').send(svg);
  });

  // The mail layout's render script is a static file: it does not draw from the page budget.
  registerMailRenderScript(fastify);

  // Before the page renderer's catch-all, which would otherwise answer these paths with a 404 page. A preview is
  // rendered on the server like a page, so it draws from the page budget.
  // Not awaited: awaiting would load every route declared so far now, before the error handler below is set.
  fastify.register(async (previews) => {
    previews.addHook('onRequest', async (req, reply) => {
      if (await refusePageOverBudget(limits.pages, req, reply)) return reply;
    });
    registerMailPreviews(previews, {
      db,
      variant: env.SHOP_VARIANT,
      async mayRead(req, mail) {
        const bearer = bearerToken(req.headers.authorization);
        if (bearer && (await contextBase.adminTokens.verify(bearer))) return true;
        const { token } = req.query as { token?: unknown };
        return Boolean(mail.orderId && typeof token === 'string' && (await isOrderToken(db, mail.orderId, token)));
      },
    });
    // Every customer's mails, live reset keys included, to anyone: never where others shop (see mailbox.tsx).
    if (!isDeployment(env)) registerDevMailbox(previews, { db });
  });

  // A page render sees the shopper's token cookie, so the account pages render signed in.
  // Before the catch-all too. Every call may run the slow password hash, so they draw from the GraphQL budget.
  fastify.register(async (auth) => {
    auth.addHook('onRequest', async (req, reply) => {
      const verdict = await limits.graphql.take(req.ip);
      if (!verdict.allowed) return reply.status(429).header('Retry-After', String(verdict.retryAfterSeconds)).send({ error: 'Too many requests' });
    });
    registerAuthRoutes(auth, {
      db,
      tokens: contextBase.customerTokens,
      limits,
      variant: env.SHOP_VARIANT,
      origin: contextBase.origin,
      challengeAfter: env.CUSTOMER_LOGIN_CHALLENGE_AFTER,
      accountChallengeAfter: env.CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT,
      signChallengeSeconds: SIGN_CHALLENGE_SECONDS,
    });
  });

  const renderer = createRenderer({
    clientDir,
    env,
    demo: provider.demo,
    graphql: (req) => inProcessLink(yoga, { customerCookieToken: req.cookies[AUTH_COOKIE] ?? null, previewToken: req.cookies[PREVIEW_COOKIE] ?? null }),
  });
  const renderRoute = async (req: FastifyRequest, reply: FastifyReply) => {
    if (isFilePath(req.url)) return reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('Not found');
    if (await refusePageOverBudget(limits.pages, req, reply)) return reply;
    return renderer.render(req, reply, (reply.raw as NonceResponse).scriptNonce ?? '');
  };
  fastify.get('/*', renderRoute);
  fastify.get('/', renderRoute);
  fastify.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD') return renderRoute(req, reply);
    return reply.status(404).type('text/plain').send('This page could not be found');
  });
  fastify.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    logRequestError(req.log, error, status);
    if (status === 429) return reply.status(429).send({ error: 'Too many requests' });
    if (req.headers.accept?.includes('text/html')) return renderer.renderError(reply, status);
    return reply.status(status).send({ error: status === 500 ? 'Internal Server Error' : error.message });
  });

  const backInStock = startBackInStockNotifier({
    db,
    pubsub,
    variant: env.SHOP_VARIANT,
    publicUrl: env.PUBLIC_URL,
    onError: (error) => fastify.log.error({ err: error }, 'Back-in-stock notices could not be queued'),
  });

  const hub = createLiveHub({
    listen: deps.listen,
    maxBufferedBytes: env.WS_MAX_BUFFERED_BYTES,
    onError: (error) => fastify.log.error({ err: error }, 'A subscription event could not be delivered'),
    onSlowConsumer: (_socket, bufferedBytes) => fastify.log.warn({ bufferedBytes }, 'WebSocket closed: a slow consumer (1013)'),
  });
  const closeWebSocket = attachGraphQLWebSocket(fastify.server, yoga, {
    limits,
    clientAddress: clientAddressResolver(env.TRUST_PROXY),
    publicUrl: env.PUBLIC_URL,
    logger: fastify.log,
    hub,
    authenticate: async (token) => {
      const found = await tokenSession(db, contextBase.customerTokens, token);
      return found && { expiresAt: found.expiresAt };
    },
    pingIntervalMs: env.WS_PING_INTERVAL_MS,
  });

  return {
    fastify,
    async start() {
      return fastify.listen({ port: env.PORT, host: env.HOST });
    },
    settled: () => backInStock.swept,
    live: { lastReceived: hub.lastReceived, settled: hub.settled },
    async stop() {
      // Together: closing the sockets waits for each client's close frame, and meanwhile no new connection
      // may be accepted.
      await Promise.all([closeWebSocket(), fastify.close(), backInStock.stop()]);
      await limits.close();
    },
  };
}
