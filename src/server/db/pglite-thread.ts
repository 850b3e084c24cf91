import { Worker } from 'node:worker_threads';

export type PgliteOp = 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close';

interface Reply {
  id: number;
  result?: unknown;
  error?: { name: string; message: string; stack?: string } & Record<string, unknown>;
}

/** PGlite in a worker thread (pglite-worker.js), one request at a time as the caller sends them. */
export interface PgliteThread {
  call<T = unknown>(op: PgliteOp, sql?: string, params?: readonly unknown[]): Promise<T>;
  /** Ends the thread at once, without PGlite's close (which writes a checkpoint). */
  terminate(): Promise<void>;
}

/**
 * Next to this module in the sources (Vitest, tsx) and next to main.js in the build, where the server build
 * writes it as a second entry (vite.config.ts).
 */
const WORKER_URL = new URL('./pglite-worker.js', import.meta.url);

/** An Error carrying PostgreSQL's fields (code, detail, constraint, …) as PGlite's DatabaseError does. */
function rebuildError(fields: NonNullable<Reply['error']>): Error {
  const { name, message, stack, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/**
 * Starts PGlite on location (in memory without one) with sessionSettings applied. The thread keeps the process
 * alive only while a request is waiting for it, as an in-process PGlite would: an idle open database does not.
 */
export async function startPgliteThread(location: string | undefined, sessionSettings: string, onDied?: (error: Error) => void): Promise<PgliteThread> {
  const worker = new Worker(WORKER_URL, { workerData: { location, sessionSettings } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  // Set once this side ends the thread (close, terminate): an exit after that is no death.
  let ending = false;

  const settle = (id: number) => {
    const request = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return request;
  };
  const track = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
    });

  worker.on('message', (reply: Reply) => {
    const request = settle(reply.id);
    if (reply.error) request?.reject(rebuildError(reply.error));
    else request?.resolve(reply.result);
  });
  const fail = (error: Error) => {
    const first = stopped === null;
    stopped ??= error;
    for (const id of [...waiting.keys()]) settle(id)?.reject(stopped);
    if (first && !ending) onDied?.(stopped);
  };
  worker.on('error', (error) => fail(new Error(`The database thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));

  const opened = track(0);
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    call<T>(op: PgliteOp, sql?: string, params?: readonly unknown[]) {
      if (stopped) return Promise.reject(stopped);
      if (op === 'close') ending = true;
      const id = nextId++;
      const reply = track(id);
      worker.postMessage({ id, op, sql, params });
      return reply as Promise<T>;
    },
    async terminate() {
      ending = true;
      await worker.terminate();
    },
  };
}
