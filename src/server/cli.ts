import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDb, openPostgres, SERVING_STATEMENT_TIMEOUT_MS } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { prepareDatabase, updateStatistics } from './db/prepare';
import { startPriceRefresh } from './price-refresh';
import { isSeeded, seedCatalog } from './db/seed';
import { demoAllowed, isDeployment } from './demo-guard';
import { EnvError, loadEnv, publicOrigin, type Env } from './env';
import { createMailSender, MAILBOX_PATH } from './modules/mail';
import { createPaymentSweeper, sweepLimits } from './modules/order';
import { createAppPubSub } from './pubsub';
import { retentionPeriods, startRetentionJob } from './retention';
import { createShutdown, trackSockets } from './shutdown';
import { shopName } from './i18n';
import { SHOP_CONTACT } from '../shared/shop';
import type { Logger } from 'pino';
import { processLogger } from './logging';

const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function openMigrated(env: Env, log: Logger) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logFatal: (message) => log.fatal(message) });
  const applied = await migrate(db);
  if (applied.length) log.info({ migrations: applied }, 'Applied migrations');
  return db;
}

/** `seed [--products N] [--variant games|candy]`: fills an empty database (or refuses, changing nothing). */
async function seedCommand(env: Env, log: Logger) {
  const db = await openMigrated(env, log);
  try {
    const products = option('products') ? Number(option('products')) : undefined;
    if (products !== undefined && (!Number.isInteger(products) || products < 1)) throw new EnvError('--products must be a positive whole number');
    const variant = (option('variant') ?? env.SHOP_VARIANT) as Env['SHOP_VARIANT'];
    const started = Date.now();
    // Under the lock a starting server seeds with, so the two never fill one database together.
    const summary = await db.exclusive('demo-seed', async () =>
      (await isSeeded(db))
        ? null
        : seedCatalog(db, {
            variant,
            products,
            giftCards: demoAllowed(env),
            // A counter that rewrites its own line on a terminal; no log line per product.
            onProgress: (done, total) => void (process.stdout.isTTY && process.stdout.write(`\rSeeding ${done}/${total} products`)),
          }),
    );
    if (!summary) {
      log.info('The database already holds a catalog; use a new DATA_DIR for another (nothing changed).');
      return;
    }
    await updateStatistics(db);
    if (process.stdout.isTTY) process.stdout.write('\n');
    log.info({ variant, ...summary, seconds: Number(((Date.now() - started) / 1000).toFixed(1)) }, `Seeded ${variant}`);
  } finally {
    await db.close();
  }
}

async function serve(env: Env, log: Logger) {
  let db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logFatal: (message) => log.fatal(message) });
  const { applied, seeded, prices } = await prepareDatabase(db, env.SHOP_VARIANT, { giftCards: demoAllowed(env) });
  if (applied.length) log.info({ migrations: applied }, 'Applied migrations');
  if (seeded) log.info(`Seeded the ${env.SHOP_VARIANT} demo catalog (first start only).`);
  if (env.DATABASE_URL) {
    // Migrations and a first seed may run long statements; serving may not (SERVING_STATEMENT_TIMEOUT_MS).
    await db.close();
    db = openPostgres(env.DATABASE_URL, 10, { statementTimeoutMs: SERVING_STATEMENT_TIMEOUT_MS });
  }
  const { pubsub, listen, close: closePubSub } = createAppPubSub(env.REDIS_URL, '', (error) => log.warn({ err: error }, 'A Redis command failed: live events may be missed until the browsers read again'));
  const app = await buildApp({ env, db, pubsub, listen, clientDir });
  const sockets = trackSockets(app.fastify.server);
  const address = await app.start();
  // Once the shop answers: on the embedded database their first rounds would otherwise hold up the start.
  // Campaigns start and end by date: keep the materialised selling prices that lists sort by in step, and tell
  // pricesChanged subscribers.
  const priceRefresh = startPriceRefresh({
    db,
    pubsub,
    intervalMs: 60 * 60 * 1000,
    after: prices ?? undefined,
    onError: (error) => app.fastify.log.error({ err: error }, 'The price refresh failed'),
  });
  const retention = startRetentionJob(db, retentionPeriods(env), app.fastify.log);
  log.info({ variant: env.SHOP_VARIANT, address }, `Shop (${env.SHOP_VARIANT}) listening on ${address}`);
  if (!env.PUBLIC_URL) log.warn(`PUBLIC_URL is not set: page links point to ${publicOrigin(env)} (set it when others reach the shop)`);
  const workerLog = { info: (m: string) => app.fastify.log.info(m), warn: (m: string) => app.fastify.log.warn(m), error: (m: string) => app.fastify.log.error(m) };
  const mailSender = createMailSender({
    db,
    smtpUrl: env.SMTP_URL,
    from: { name: shopName(env.SHOP_VARIANT, 'sv'), address: env.MAIL_FROM ?? SHOP_CONTACT[env.SHOP_VARIANT].email },
    log: workerLog,
    mailboxUrl: isDeployment(env) ? undefined : `${publicOrigin(env)}${MAILBOX_PATH}`,
  });
  mailSender.start(10_000);
  // Settles orders whose shopper never came back from the payment page (see payment-sweeper.ts).
  const paymentSweeper = createPaymentSweeper(db, pubsub, {
    variant: env.SHOP_VARIANT,
    ...sweepLimits(env),
    log: workerLog,
  });
  paymentSweeper.start();

  const shutdown = createShutdown({
    server: app.fastify.server,
    sockets,
    stopServer: () => app.stop(),
    // Workers first: they write to the database and publish stock changes.
    steps: [
      { name: 'the price refresh and the retention job', close: async () => void (await Promise.all([priceRefresh.stop(), retention.stop()])) },
      { name: 'the mail sender and the payment sweeper', close: async () => void (await Promise.all([mailSender.stop(), paymentSweeper.stop()])) },
      { name: 'pub/sub', close: closePubSub },
      { name: 'the database', close: () => db.close() },
    ],
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    log: (message) => log.info(message),
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// LOG_LEVEL as configured once the environment has been read; a bad environment is reported at info's level.
let log = processLogger();

async function main() {
  const env = loadEnv();
  log = processLogger(env.LOG_LEVEL);
  const command = process.argv[2] ?? 'serve';
  if (command === 'seed') return seedCommand(env, log);
  if (command === 'serve') return serve(env, log);
  throw new EnvError(`Unknown command "${command}" (use serve or seed)`);
}

main().catch((error: unknown) => {
  // Operator mistakes get their one plain line on stderr, for the person starting the server (server-process.test.ts
  // holds it to that); anything else a structured line with its stack.
  if (error instanceof EnvError || error instanceof DataDirInUseError) console.error(error.message);
  else log.fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
