import { describe, expect, inject, it } from 'vitest';
import { isStalePlan, openPostgres } from './client';

// PostgreSQL only (CI sets DATABASE_URL): PGlite has no statement timeout, and the operation deadline covers it.
describe.runIf(Boolean(inject('postgresUrl')))('PostgreSQL connections the shop serves with', () => {
  it('stop a statement that runs past the statement timeout, and keep the session settings', async () => {
    const db = openPostgres(inject('postgresUrl'), 1, { statementTimeoutMs: 200 });
    try {
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      const [row] = await db.query<{ threshold: string }>("SELECT current_setting('pg_trgm.word_similarity_threshold') AS threshold");
      expect(row!.threshold).toBe('0.5');
    } finally {
      await db.close();
    }
  });

  it('leave migrations and seeding without a timeout', async () => {
    const db = openPostgres(inject('postgresUrl'), 1);
    try {
      const [row] = await db.query<{ timeout: string }>("SELECT current_setting('statement_timeout') AS timeout");
      expect(row!.timeout).toBe('0');
    } finally {
      await db.close();
    }
  });

  it('parse each parameterised text once per connection, up to a cap, and send texts without parameters as they are', async () => {
    const db = openPostgres(inject('postgresUrl'), 1);
    const named = async (like: string) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1', [like]))[0]!.n;
    try {
      // Twice the same text: one statement on the connection.
      expect(await db.query('SELECT $1::int AS once', [1])).toEqual([{ once: 1 }]);
      expect(await db.query('SELECT $1::int AS once', [2])).toEqual([{ once: 2 }]);
      expect(await named('SELECT $1::int AS once')).toBe(1);
      // Each run is planned for its values, past the five after which PostgreSQL would otherwise keep a generic
      // plan: a generic plan misjudged a search's hits (decision 0017).
      for (let i = 0; i < 7; i++) await db.query('SELECT $1::int AS planned', [i]);
      expect(await db.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1', ['SELECT $1::int AS planned'])).toEqual([
        { generic_plans: 0, custom_plans: 7 },
      ]);
      // A text of over 16 384 characters is not kept either.
      await db.query(`SELECT $1::int AS long /* ${'x'.repeat(16_400)} */`, [1]);
      expect(await named('SELECT $1::int AS long %')).toBe(0);
      // A bulk insert's text runs once: it is not kept.
      const many = Array.from({ length: 101 }, (_, i) => i);
      await db.query(`SELECT ${many.map((i) => `$${i + 1}::int`).join(' + ')} AS bulk`, many);
      expect(await named('% AS bulk')).toBe(0);
      // Several statements without parameters still run together (the simple protocol).
      await db.exec('SELECT 1; SELECT 2');
      // Texts past the cap run unnamed: the connection holds no more than the cap, however many texts come.
      for (let i = 0; i < 320; i++) expect(await db.query(`SELECT $1::int + ${i} AS capped`, [0])).toEqual([{ capped: i }]);
      expect(await named('SELECT $1::int + % AS capped')).toBeLessThanOrEqual(300);
      expect(await named('SELECT $1::int + % AS capped')).toBeGreaterThan(250);
    } finally {
      await db.close();
    }
  });

  it('run a kept statement unnamed once a migration has changed the columns it returns', async () => {
    const db = openPostgres(inject('postgresUrl'), 1);
    const table = `kept_plan_${process.pid}`;
    try {
      await db.exec(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (a int); INSERT INTO ${table} VALUES (1)`);
      const read = () => db.query(`SELECT * FROM ${table} WHERE a = $1`, [1]);
      expect(await read()).toEqual([{ a: 1 }]);
      await db.exec(`ALTER TABLE ${table} ADD COLUMN b int DEFAULT 2`);
      expect(await read()).toEqual([{ a: 1, b: 2 }]);
      expect(await read()).toEqual([{ a: 1, b: 2 }]);
      // Inside a transaction the refusal ends it; the next try runs unnamed.
      await db.exec(`ALTER TABLE ${table} ADD COLUMN c int DEFAULT 3`);
      const inTransaction = () => db.transaction((tx) => tx.query(`SELECT * FROM ${table} WHERE a = $1 AND $2::int = 2`, [1, 2]));
      expect(await inTransaction()).toEqual([{ a: 1, b: 2, c: 3 }]);
      await db.exec(`ALTER TABLE ${table} ADD COLUMN d int DEFAULT 4`);
      await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
      expect(await inTransaction()).toEqual([{ a: 1, b: 2, c: 3, d: 4 }]);
    } finally {
      await db.exec(`DROP TABLE IF EXISTS ${table}`);
      await db.close();
    }
  });
});

describe('a kept statement made stale', () => {
  it("is told by its routine whatever the server's language, and by its English message", () => {
    const german = Object.assign(new Error('Plan im Cache darf Ergebnistyp nicht ändern'), { code: '0A000', routine: 'RevalidateCachedQuery' });
    expect(isStalePlan(german)).toBe(true);
    expect(isStalePlan(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }))).toBe(true);
    // The same code for another refusal.
    expect(isStalePlan(Object.assign(new Error('cannot insert multiple commands into a prepared statement'), { code: '0A000', routine: 'exec_parse_message' }))).toBe(false);
    expect(isStalePlan(new Error('cached plan must not change result type'))).toBe(false);
  });
});
