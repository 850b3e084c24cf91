import { z } from 'zod';
import { isValidEmail } from '../shared/email';
import { SHOP_VARIANTS } from '../shared/shop';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(p)), `must start with ${protocols.join(' or ')}`)
    .optional();
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
// The shop's one email rule (shared/email.ts), also for its own addresses.
const emailAddress = z.string().refine(isValidEmail, 'must be an email address');

/** Every setting the server reads, with its default. src/server/README.md lists the same variables (a test checks). */
export const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, optionalUrl(['postgres://', 'postgresql://'])),
  REDIS_URL: z.preprocess(emptyAsUndefined, optionalUrl(['redis://', 'rediss://'])),
  SHOP_VARIANT: z.enum(SHOP_VARIANTS).default('games'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, optionalUrl(['http://', 'https://'])),
  GTM_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX').optional()),
  // Browser telemetry (decision 0019): sent only when a key is set, to the ingestion endpoint (Application Insights'
  // own by default). The key is a GUID: anything else is a typo that would lose every envelope without a word.
  TELEMETRY_INSTRUMENTATION_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)').optional(),
  ),
  TELEMETRY_ENDPOINT: z.preprocess(emptyAsUndefined, optionalUrl(['http://', 'https://']).default('https://dc.services.visualstudio.com/v2/track')),
  // Cart and customer events for a personalisation service (decision 0019): off unless a URL is set; cart amounts
  // go in EUR, converted from SEK at this rate (EUR per SEK).
  PERSONALISATION_URL: z.preprocess(emptyAsUndefined, optionalUrl(['http://', 'https://'])),
  PERSONALISATION_EUR_PER_SEK: z.coerce.number().positive().default(0.087),
  SMTP_URL: z.preprocess(emptyAsUndefined, optionalUrl(['smtp://', 'smtps://'])),
  MAIL_FROM: z.preprocess(emptyAsUndefined, emailAddress.optional()),
  // The admin created (or given this password) at start; both or neither.
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, emailAddress.optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
  // Signs admin bearer tokens; when unset one is generated and kept in the database.
  ADMIN_TOKEN_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // Signs customer bearer tokens; when unset one is generated and kept in the database (its own, not the admin one).
  CUSTOMER_TOKEN_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // The registered payment provider new orders use: 'test' (built in, see modules/payment).
  PAYMENT_PROVIDER: z.string().min(1).default('test'),
  // An https PUBLIC_URL is a deployment: it refuses to start with the test payment provider or spendable demo
  // gift cards unless this says the shop is a public demo on purpose.
  ALLOW_DEMO: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).transform((value) => value === 'true'),
  // The payment sweeper asks the provider about orders whose shopper has not come back from its page after
  // PAYMENT_GRACE_MINUTES, and cancels those it still calls pending after PAYMENT_TIMEOUT_HOURS.
  PAYMENT_GRACE_MINUTES: z.coerce.number().int().min(1).default(30),
  PAYMENT_TIMEOUT_HOURS: z.coerce.number().int().min(1).default(24),
  // The retention job (retention.ts, hourly) deletes guest carts that stayed empty this many hours or untouched this
  // many days, cart replay keys older than this (a change replayed later would apply again), and sessions, reset
  // keys and "shop as" links this many days after they ended.
  RETENTION_EMPTY_GUEST_CART_HOURS: z.coerce.number().int().min(1).default(24),
  RETENTION_GUEST_CART_DAYS: z.coerce.number().int().min(1).default(90),
  RETENTION_IDEMPOTENCY_KEY_DAYS: z.coerce.number().int().min(1).default(30),
  RETENTION_ENDED_SIGN_IN_DAYS: z.coerce.number().int().min(1).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Which proxies may set X-Forwarded-For (the client address rate limits count by): unset trusts none,
  // 'true' any, otherwise a comma-separated list of addresses or CIDRs.
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()).transform(parseTrustProxy),
  // GraphQL requests one client address may make per minute.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Server-rendered pages (mail previews too) one client address may load per minute (static files, /images and
  // /healthz not counted).
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // WebSockets one client address may hold open at once, and subscriptions over all of them.
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  // With REDIS_URL: an instance's socket and subscription slots stop counting this long after its last heartbeat
  // (every third of it), so the slots of an instance that died come back.
  WS_SLOT_TTL_MS: z.coerce.number().int().min(300).default(15_000),
  // The server pings every socket this often and cuts one that has not answered the previous ping by then.
  WS_PING_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  // A socket holding more unsent bytes than this when an event is due is a slow consumer: closed with 1013.
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(512 * 1024),
  // Wrong gift card codes, and separately wrong promo codes, one client address may try per 15 minutes.
  CODE_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
  // Account changes one client address may ask for per 15 minutes (register, forgot and reset password, password
  // change, and the back-in-stock and newsletter sign-ups): the first four run the slow password hash, so this caps
  // the CPU one address can spend; the sign-ups enrol whatever address is typed, so it caps how many strangers.
  ACCOUNT_CHANGES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // Logins that check a password (customer and admin, right or wrong) one client address may make per 15 minutes:
  // each costs one slow hash, and a right password is no reason to let one address spend the CPU on it.
  LOGINS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  // Password hashes this process runs at once and lets wait (unset: half the cores, at most two fewer than libuv's
  // thread pool, and 16 waiting); a login past them is answered 503 with Retry-After (security/password.ts).
  PASSWORD_HASH_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
  PASSWORD_HASH_QUEUE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).optional()),
  // /healthz answers 503 "overloaded" while a trivial thread-pool job or a timer waits longer than this: the
  // process could not serve a page in time (serving-probe.ts).
  SERVING_SLOW_MS: z.coerce.number().int().min(50).default(2_000),
  // Wrong admin logins per 15 minutes for one account (from any address), and from one address (to any account).
  ADMIN_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  ADMIN_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // Wrong customer logins per 15 minutes: past CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT to one account (from anywhere)
  // each login to it must first answer a sign challenge, and one address is refused after as many to that one
  // account; past CUSTOMER_LOGIN_FAILURES_PER_ADDRESS from one address it is refused; past
  // CUSTOMER_LOGIN_CHALLENGE_AFTER from one address each login from it must answer a sign challenge (README).
  CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  CUSTOMER_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  CUSTOMER_LOGIN_CHALLENGE_AFTER: z.coerce.number().int().min(1).default(10),
  // Starts the Redis keys of the limits above: deployments sharing one Redis (staging and production) need
  // different ones, or they count each other's clients.
  LIMITS_KEY_PREFIX: z.preprocess(emptyAsUndefined, z.string().regex(/^[\w.:-]+$/, 'letters, digits, _ . : - only').default('limits')),
  // A client has this long to send a whole request (headers and body), and HEADERS_TIMEOUT_MS of it for the
  // headers; a request sent a byte at a time is answered 408 and its connection closed.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // How long an idle keep-alive connection stays open; behind a load balancer, longer than its idle timeout.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // Open connections (HTTP and WebSocket) one process accepts; further ones are closed at once. Keep it well
  // below the process's file descriptor limit (ulimit -n), which the database's files share.
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1_000),
  // Of those, the connections one client address may hold open at once (unset: a tenth of MAX_CONNECTIONS, at least 64), so
  // one address cannot take them all. Connections from a proxy TRUST_PROXY trusts are not counted.
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  // On SIGTERM/SIGINT: in-flight requests get 60% of this, then the workers and the database close; past it
  // the process exits with 1. Shorter than the platform's kill timeout (Kubernetes: 30 s).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(10_000),
});

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export type Env = z.infer<typeof envSchema>;

/**
 * The origin canonical, hreflang and JSON-LD links are built on. Never the request's Host header: a cache that
 * does not key on Host would hand a link to an attacker's host to everyone. Without PUBLIC_URL (the local demo,
 * tests) it is this machine's own address; a deployment sets PUBLIC_URL.
 */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : `http://localhost:${env.PORT}`;
}

export class EnvError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const env = result.data;
    // Otherwise every order the sweeper looks at is already past the limit, and a provider's "pending" gets no time.
    if (env.PAYMENT_TIMEOUT_HOURS * 60 <= env.PAYMENT_GRACE_MINUTES) {
      throw new EnvError(`Invalid configuration: PAYMENT_TIMEOUT_HOURS=${env.PAYMENT_TIMEOUT_HOURS} must be longer than PAYMENT_GRACE_MINUTES=${env.PAYMENT_GRACE_MINUTES}`);
    }
    // Node refuses to start with a headers timeout longer than the request timeout.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      throw new EnvError(`Invalid configuration: HEADERS_TIMEOUT_MS=${env.HEADERS_TIMEOUT_MS} must not be longer than REQUEST_TIMEOUT_MS=${env.REQUEST_TIMEOUT_MS}`);
    }
    if (env.MAX_CONNECTIONS_PER_ADDRESS !== undefined && env.MAX_CONNECTIONS_PER_ADDRESS > env.MAX_CONNECTIONS) {
      throw new EnvError(`Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS=${env.MAX_CONNECTIONS_PER_ADDRESS} must not be more than MAX_CONNECTIONS=${env.MAX_CONNECTIONS}`);
    }
    return env;
  }
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') ?? 'environment';
  const value = source[name];
  throw new EnvError(
    `Invalid configuration: ${name}=${JSON.stringify(value ?? '')} ${issue?.message ?? 'is not valid'}`,
  );
}
