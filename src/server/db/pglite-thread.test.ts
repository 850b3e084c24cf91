import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPglite, type Db } from './client';
import { LOCK_FILE } from './data-dir-lock';

/** A copy of the migrated template: opening one costs far less than PGlite's initdb. */
function templateCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-thread-'));
  cpSync(inject('pgliteTemplates').empty, dir, { recursive: true });
  return dir;
}

/** What a caller sees of a rejection: the fields the shop and PostgreSQL's callers read. */
async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.unreachable('no error'),
    (caught: unknown) => caught as Error & Record<string, unknown>,
  );
  expect(error).toBeInstanceOf(Error);
  return { name: error.name, message: error.message, code: error.code, constraint: error.constraint, detail: error.detail };
}

describe('PGlite in its worker thread', () => {
  const dirs: string[] = [];
  let db: Db;
  let inProcess: PGlite;

  beforeAll(async () => {
    dirs.push(templateCopy(), templateCopy());
    db = await openPglite(dirs[0]);
    inProcess = await PGlite.create(join(dirs[1]!, 'pgdata'), { extensions: { pg_trgm } });
    await inProcess.exec('SET pg_trgm.word_similarity_threshold = 0.5');
    for (const target of [db, inProcess]) await target.exec('CREATE TABLE thread_test (id int PRIMARY KEY, note text)');
  });

  afterAll(async () => {
    await db?.close();
    await inProcess?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => void vi.useRealTimers());

  it('answers rows exactly as PGlite in the process does (dates, bytea, numbers, arrays, json, nulls)', async () => {
    // The dates are data, and the process's clock is fixed at the one sent, so the test means the same on any day.
    const at = new Date('2024-05-06T07:08:09.123Z');
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    const sql = `SELECT $1::timestamptz AS at, DATE '2024-02-29' AS day, decode('00ff10', 'hex') AS bytes,
                        2::int4 AS small, 9007199254740991::int8 AS big, 12.50::numeric AS exact, 0.5::float8 AS float,
                        true AS yes, NULL::text AS nothing, $2::text[] AS texts, ARRAY[1, 2]::int8[] AS bigs,
                        '{"a": [1, "b"]}'::jsonb AS doc, similarity('zelda', 'zelad') > 0 AS trigram,
                        current_setting('pg_trgm.word_similarity_threshold') AS threshold`;
    const params = [at, ['a', 'b']];
    const [row] = await db.query(sql, params);
    expect(row).toStrictEqual((await inProcess.query(sql, params)).rows[0]);
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.bytes).toBeInstanceOf(Uint8Array);
    expect(row!.threshold).toBe('0.5');
  });

  it('rejects with the same message, code and constraint as PGlite in the process', async () => {
    const insert = "INSERT INTO thread_test VALUES (1, 'one')";
    await db.query(insert);
    await inProcess.query(insert);
    const duplicate = await rejection(db.query(insert));
    expect(duplicate).toStrictEqual(await rejection(inProcess.query(insert)));
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'thread_test_pkey' });
    // A transaction whose failed statement the body caught: COMMIT turns into ROLLBACK, and both say so.
    const body = async (tx: { query(sql: string): Promise<unknown> }) => {
      await tx.query('SELECT 1 / 0').catch(() => undefined);
    };
    expect(await rejection(db.transaction(body))).toStrictEqual(await rejection(inProcess.transaction(body)));
  });

  it('commits a transaction, and rolls it back when its body throws', async () => {
    await db.transaction((tx) => tx.query("INSERT INTO thread_test VALUES (10, 'kept')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO thread_test VALUES (11, 'dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT id FROM thread_test WHERE id >= 10 ORDER BY id')).toEqual([{ id: 10 }]);
  });

  it('makes a plain query wait for an open transaction and see only what it committed', async () => {
    for (const outcome of ['commit', 'rollback'] as const) {
      let finishBody!: () => void;
      const bodyMayFinish = new Promise<void>((resolve) => (finishBody = resolve));
      let inserted!: () => void;
      const didInsert = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query("INSERT INTO thread_test VALUES (20, 'pending')");
        inserted();
        await bodyMayFinish;
        if (outcome === 'rollback') throw new Error('rolled back');
      });
      await didInsert;
      let answered = false;
      const read = db.query<{ count: number }>('SELECT count(*)::int AS count FROM thread_test WHERE id = 20').then((rows) => {
        answered = true;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);
      finishBody();
      await transaction.catch(() => undefined);
      expect(await read).toEqual([{ count: outcome === 'commit' ? 1 : 0 }]);
      await db.query('DELETE FROM thread_test WHERE id = 20');
    }
  });

  it('refuses statements on a transaction whose body has ended', async () => {
    let leaked!: { query(sql: string): Promise<unknown> };
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  it('keeps the event loop turning while a long query runs', async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      await db.query('SELECT count(*) FROM generate_series(1, 1e7)');
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    // Run on the main thread, one gap would be the whole query (seconds); the margin allows a busy machine.
    expect(took).toBeGreaterThan(500);
    expect(longestGap).toBeLessThan(took / 3);
  });
});

describe('closing PGlite in its worker thread', () => {
  it('ends the thread and releases the data folder, which opens again', async () => {
    const dir = templateCopy();
    try {
      const db = await openPglite(dir);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
      await db.close();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      await expect(db.query('SELECT 1')).rejects.toThrow(/database thread stopped/);
      const again = await openPglite(dir);
      expect(await again.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops without closing when the folder was taken over, and says so', async () => {
    const dir = templateCopy();
    try {
      const lost: string[] = [];
      const db = await openPglite(dir, { onLost: (message) => lost.push(message), heartbeatMs: 10 });
      rmSync(join(dir, LOCK_FILE));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(db.query('SELECT 1')).rejects.toThrow(/Lost the lock/);
      await expect(db.close()).rejects.toThrow(/Lost the lock/);
      expect(lost).toHaveLength(1);
      await expect(db.query('SELECT 1')).rejects.toThrow(/Lost the lock/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
