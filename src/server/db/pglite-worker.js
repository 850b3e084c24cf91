// @ts-check
/**
 * PGlite's thread. PGlite is WebAssembly and runs synchronously on the thread that calls it, so a heavy query
 * here leaves the server's event loop free (static files, /healthz, requests that need no database).
 *
 * Plain JavaScript on purpose: the same file runs under Vitest and tsx (next to client.ts) and from the build
 * (dist/server, a second entry of the server build), with no TypeScript loader in a worker. The protocol is
 * pglite-thread.ts's; that file keeps the types.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';

if (!parentPort) throw new Error('pglite-worker.js runs as a worker thread');
const port = parentPort;

/** @type {{ location: string | undefined, sessionSettings: string }} */
const { location, sessionSettings } = workerData;

/**
 * The open transaction: PGlite's own (its BEGIN, its COMMIT that fails when PostgreSQL rolled back, its ROLLBACK
 * when the body throws), kept open across messages. The main thread sends nothing but this transaction's
 * statements while it is open, so every query meanwhile belongs to it.
 * @type {{ tx: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, done: Promise<void> } | null}
 */
let open = null;
const ROLLBACK = Symbol('rollback');

/** @param {PGlite} db */
async function begin(db) {
  /** @type {(commit: boolean) => void} */
  let finish = () => undefined;
  const body = new Promise((commit, rollback) => (finish = (yes) => (yes ? commit(undefined) : rollback(ROLLBACK))));
  /** @type {(tx: import('@electric-sql/pglite').Transaction) => void} */
  let begun = () => undefined;
  const started = new Promise((resolve) => (begun = resolve));
  const done = db
    .transaction((tx) => {
      begun(tx);
      return body;
    })
    .then(
      () => undefined,
      (error) => {
        if (error !== ROLLBACK) throw error;
      },
    )
    .finally(() => (open = null));
  // done settles first only when BEGIN failed; otherwise it waits for finish.
  const tx = await Promise.race([started, done]);
  if (!tx) throw new Error('The transaction ended before it began');
  open = { tx, finish, done };
}

/** @param {boolean} commit */
async function end(commit) {
  if (!open) throw new Error('No transaction is open');
  const { finish, done } = open;
  finish(commit);
  await done;
}

/**
 * The fields callers read (message, code, detail, constraint, …): structured cloning keeps an Error's message
 * and stack but drops the rest, so they travel as a plain object.
 * @param {unknown} error
 */
function describe(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** @param {PGlite} db @param {{ op: string, sql?: string, params?: unknown[] }} request */
async function run(db, { op, sql = '', params = [] }) {
  const target = open?.tx ?? db;
  switch (op) {
    case 'query':
      return (await target.query(sql, params)).rows;
    case 'exec':
      await target.exec(sql);
      return undefined;
    case 'begin':
      return begin(db);
    case 'commit':
      return end(true);
    case 'rollback':
      return end(false);
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${op}`);
  }
}

/** Id 0 answers the opening; the main thread sends nothing before it. */
try {
  const db = await PGlite.create(location, { extensions: { pg_trgm, fuzzystrmatch } });
  await db.exec(sessionSettings);
  port.on('message', (/** @type {{ id: number, op: string, sql?: string, params?: unknown[] }} */ request) => {
    run(db, request).then(
      (result) => port.postMessage({ id: request.id, result }),
      (error) => port.postMessage({ id: request.id, error: describe(error) }),
    );
  });
  port.postMessage({ id: 0 });
} catch (error) {
  port.postMessage({ id: 0, error: describe(error) });
}
