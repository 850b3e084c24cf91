import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLockOptions } from './data-dir-lock';
import { startPgliteThread, type PgliteThread } from './pglite-thread';
import { processLogger } from '../logging';

/**
 * Settings every session needs: a word-similarity threshold of 0.5 catches one-letter typos in a title
 * ('legnd', 'pokmon' score 0.5) where pg_trgm's default of 0.6 does not.
 */
const SESSION_SETTINGS = 'SET pg_trgm.word_similarity_threshold = 0.5';

export type SqlParam = string | number | boolean | null | Date | readonly (string | number)[];

/** The one database surface the modules use: parameterised SQL only, on PGlite or PostgreSQL alike. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<R[]>;
}

export interface Transaction extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Transaction {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding the lock called name for the whole database, so instances starting together on one
   * PostgreSQL take turns (migrating, seeding) instead of racing. fn uses the database as usual. Not reentrant:
   * fn must not ask for the same name again.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite has one connection in one process (DATA_DIR is locked to it), so a lock in memory is enough there. */
function inProcessLocks(): Db['exclusive'] {
  const tails = new Map<string, Promise<unknown>>();
  return (name, fn) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => tails.get(name) === tail && tails.delete(name));
    return run;
  };
}

/** PostgreSQL advisory locks take a 64-bit key: the first 8 bytes of the name's SHA-256. */
function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`storefront:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * PGlite's one connection, in its own thread. Calls take turns as they would on that connection: a transaction
 * keeps the turn from BEGIN to COMMIT or ROLLBACK, so a plain query waits rather than running inside someone
 * else's transaction (and sees committed data only). `check` runs before each operation (the data-dir lock).
 */
function pgliteDb(thread: PgliteThread, check: () => void): Db {
  const turn = inProcessLocks();
  const inTurn = <T>(fn: () => Promise<T>) => turn('connection', fn);
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    exclusive: inProcessLocks(),
    async query<R>(text: string, params: readonly SqlParam[] = []) {
      check();
      return inTurn(() => thread.call<R[]>('query', text, params));
    },
    async transaction(fn) {
      check();
      return inTurn(async () => {
        await thread.call('begin');
        let closed = false;
        // Statements after the body ended would run outside the transaction, or inside the next caller's.
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        let result;
        try {
          result = await fn({
            async query<R>(text: string, params: readonly SqlParam[] = []) {
              open();
              return thread.call<R[]>('query', text, params);
            },
            async exec(sql: string) {
              open();
              await thread.call('exec', sql);
            },
          });
        } catch (error) {
          closed = true;
          // The body's error says what went wrong; a failed ROLLBACK (a stopped thread) would only hide it.
          await thread.call('rollback').catch(() => undefined);
          throw error;
        }
        closed = true;
        // PGlite's COMMIT fails when PostgreSQL rolled back instead (a statement in the body failed and was caught).
        await thread.call('commit');
        return result;
      });
    },
    async exec(sql) {
      check();
      await inTurn(() => thread.call('exec', sql));
    },
    close() {
      // After the turn: a transaction under way finishes first. Closing twice waits for the same close.
      closing ??= inTurn(() => thread.call<void>('close')).finally(() => thread.terminate());
      return closing;
    },
  };
}

// PostgreSQL returns bigint/numeric as strings; counts are small enough for JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * How many statement texts get a name of their own on PostgreSQL. A named statement is parsed once per connection:
 * parsing again on every request, and pg's unnamed round of Parse/Bind, were the larger part of what named
 * statements saved (bench:api 144 → 181 req/s on the catalog lists; decision 0017). Each run is still planned for
 * its values (plan_cache_mode=force_custom_plan, see STARTUP_OPTIONS). The shop's texts are few (about 30 for every
 * list and search shape) since values always go as parameters; the cap keeps texts built from data from making
 * each connection hold ever more of them. Past it, and for a statement of over 100 values or 16 384 characters (the
 * seed's bulk inserts), a text runs unnamed.
 */
const NAMED_STATEMENTS_MAX = 300;
const NAMED_PARAMS_MAX = 100;
const NAMED_TEXT_MAX = 16_384;

/**
 * Names statement texts (a hash, so that every connection and instance agrees), up to NAMED_STATEMENTS_MAX.
 * `unname` takes a text's name away for good: its kept statements no longer fit the tables.
 */
function statementNames() {
  const names = new Map<string, string | undefined>();
  return {
    nameOf(text: string, params: readonly SqlParam[]): string | undefined {
      // Without parameters pg sends the simple protocol, which may carry several statements; a name would refuse them.
      if (params.length === 0) return undefined;
      // A bulk insert (thousands of values, hundreds of kilobytes of text) runs once: keeping it costs megabytes.
      if (params.length > NAMED_PARAMS_MAX || text.length > NAMED_TEXT_MAX) return undefined;
      if (names.has(text)) return names.get(text);
      if (names.size >= NAMED_STATEMENTS_MAX) return undefined;
      const name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
      return name;
    },
    unname(text: string): void {
      names.set(text, undefined);
    },
  };
}

/** PostgreSQL's answer to a kept statement whose result columns a migration changed (another instance's, say). */
export const isStalePlan = (error: unknown): boolean => {
  const { code, routine, message } = error as { code?: string; routine?: string; message?: string };
  // The routine as well as the message, which is in the server's language (lc_messages).
  return code === '0A000' && (routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(message ?? ''));
};

function postgresDb(pool: pg.Pool): Db {
  const { nameOf, unname } = statementNames();
  const run = async (client: pg.Pool | pg.PoolClient, text: string, params: readonly SqlParam[]) => {
    const name = nameOf(text, params);
    try {
      return await client.query({ name, text, values: params as unknown[] });
    } catch (error) {
      if (!name || !isStalePlan(error)) throw error;
      unname(text);
      // Inside a transaction the error has ended it: the caller's transaction fails, and its next try runs unnamed.
      if (client !== pool) throw error;
      return client.query({ text, values: params as unknown[] });
    }
  };
  return {
    kind: 'postgres',
    async exclusive(name, fn) {
      // A session lock on a connection of its own: fn may need every connection of the pool (even a pool of one).
      const holder = new pg.Client(pool.options);
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1::bigint)', [advisoryLockKey(name)]);
        return await fn();
      } finally {
        // Ending the session releases its locks, also when the unlock itself fails.
        await holder.end().catch(() => undefined);
      }
    },
    async query<R>(text: string, params: readonly SqlParam[] = []) {
      return (await run(pool, text, params)).rows as R[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(text: string, params: readonly SqlParam[] = []) {
            return (await run(client, text, params)).rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Opens PGlite in dataDir (in memory without one), which this process then owns until close(). Should another
 * process take the folder over meanwhile, the lock's onLost runs (by default: one line, exit 1) and no further
 * operation reaches the database. PGlite runs in a worker thread (pglite-thread.ts), so a long query holds up
 * other queries but not the server's event loop.
 */
export async function openPglite(
  dataDir: string | undefined,
  lockOptions?: DataDirLockOptions,
  { onThreadDied }: { onThreadDied?: (error: Error) => void } = {},
): Promise<Db> {
  if (!dataDir) return pgliteDb(await startPgliteThread(undefined, SESSION_SETTINGS, onThreadDied), () => undefined);
  // Before PGlite touches the folder: a second process on it would corrupt what the first one writes.
  const lock = await acquireDataDirLock(dataDir, lockOptions);
  try {
    const location = join(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
    const thread = await startPgliteThread(location, SESSION_SETTINGS, onThreadDied);
    // Each operation first makes sure the folder is still ours (see DataDirLock.check).
    const db = pgliteDb(thread, () => lock.check());
    const closeOnce = async () => {
      try {
        lock.check();
      } catch (error) {
        // Closing writes (a checkpoint) to a folder that is no longer ours: stop the thread as it is.
        await thread.terminate();
        lock.release();
        throw error;
      }
      try {
        await db.close();
      } finally {
        // Only now: the thread has ended, and nothing of this process writes to the folder any more.
        lock.release();
      }
    };
    // A second close waits for the first (a check after the release would report the lock lost and exit).
    let closing: Promise<void> | undefined;
    return {
      ...db,
      close: () => (closing ??= closeOnce()),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The same session settings as SESSION_SETTINGS, sent as startup options so they hold from the first query. And
 * every run of a named statement planned for its values: after five runs PostgreSQL may switch to a generic plan
 * whose estimate it judges no dearer, and for a search it guesses a text's hits at a default 1 000 rows where a
 * common word has 130 000, a plan that read them all (3–6 times slower, and kept on that connection from then on).
 */
const STARTUP_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.5 -c plan_cache_mode=force_custom_plan';

/**
 * How long one statement may run on PostgreSQL while the shop serves. The operation deadline stops an operation
 * from starting new queries after 5 s but cannot stop one already running; this does, on the server. Migrations and
 * seeding open their connection without it.
 */
export const SERVING_STATEMENT_TIMEOUT_MS = 15_000;

export function openPostgres(url: string, max = 10, options: { statementTimeoutMs?: number } = {}): Db {
  // Startup options rather than a SET on connect, which would race the connection's first query.
  const withOptions = new URL(url);
  const timeout = options.statementTimeoutMs ? `-c statement_timeout=${options.statementTimeoutMs}` : null;
  withOptions.searchParams.set('options', [withOptions.searchParams.get('options'), STARTUP_OPTIONS, timeout].filter(Boolean).join(' '));
  return postgresDb(new pg.Pool({ connectionString: withOptions.toString(), max }));
}

/**
 * A server without its database thread can only answer errors: it says so in one line and exits 1, so its
 * supervisor starts it again (the lock file it leaves is taken over at the next start).
 */
function exitOnThreadDied(log: (message: string) => void) {
  return (error: Error): void => {
    log(`${error.message}: the server stops.`);
    process.exit(1);
  };
}

/** `logFatal` says why the process stops when the database thread dies (a structured line, logging.ts). */
export async function openDb(options: { databaseUrl?: string; dataDir?: string; logFatal?: (message: string) => void }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, undefined, { onThreadDied: exitOnThreadDied(options.logFatal ?? ((message) => processLogger().fatal(message))) });
}
