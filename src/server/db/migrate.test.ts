import { randomBytes } from 'node:crypto';
import { describe, expect, it, inject } from 'vitest';
import { testDbKinds, openTestDb } from '../testing/db';
import { openPostgres, type Db } from './client';
import { migrations, migrate } from './migrate';
import { prepareDatabase } from './prepare';

/** Calls of fn that ran at the same time as another one: none when they take turns. */
async function overlaps(db: Db, name: string, calls: number): Promise<number> {
  let running = 0;
  let overlapping = 0;
  await Promise.all(
    Array.from({ length: calls }, () =>
      db.exclusive(name, async () => {
        if (++running > 1) overlapping++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
      }),
    ),
  );
  return overlapping;
}

describe.each(testDbKinds())('exclusive on %s', (kind) => {
  it('lets the callers of one lock take turns, and a failing one frees the lock for the next', async () => {
    const db = await openTestDb(kind);
    try {
      expect(await overlaps(db, 'test-turns', 4)).toBe(0);
      await expect(db.exclusive('test-turns', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await db.exclusive('test-turns', async () => 'next')).toBe('next');
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!inject('postgresUrl'))('two instances starting together on one PostgreSQL', () => {
  /** A new, empty schema and two separate pools on it, as two server processes would have. */
  async function twoInstances(): Promise<{ a: Db; b: Db; drop: () => Promise<void> }> {
    const base = inject('postgresUrl');
    const schema = `start_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = openPostgres(base, 1);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const a = openPostgres(url.toString(), 2);
    const b = openPostgres(url.toString(), 2);
    return {
      a,
      b,
      async drop() {
        await Promise.all([a.close(), b.close()]);
        await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    };
  }

  it('applies each migration once: one instance migrates, the other finds it done', async () => {
    const { a, b, drop } = await twoInstances();
    try {
      const [first, second] = await Promise.all([migrate(a), migrate(b)]);
      expect([...first, ...second].sort()).toEqual(migrations.map((m) => m.name));
      expect([first.length, second.length].sort((x, y) => x - y)).toEqual([0, migrations.length]);
      const rows = await a.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    } finally {
      await drop();
    }
  });

  it('seeds the demo catalog once when both start on an empty database', { timeout: 120_000 }, async () => {
    const { a, b, drop } = await twoInstances();
    try {
      const results = await Promise.all([prepareDatabase(a, 'games'), prepareDatabase(b, 'games')]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      // One catalog, as large as the seeded test database's, not two.
      const count = async (db: Db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]?.n;
      const reference = openPostgres(inject('postgresUrl'), 1);
      try {
        expect(await count(a)).toBe(await count(reference));
      } finally {
        await reference.close();
      }
    } finally {
      await drop();
    }
  });
});
