import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Db } from './client';
import { migrations } from './migrate';
import { testDbKinds, type TestDbKind } from '../testing/db';

const MIGRATION = '0011_shipping_method_translations';

/** An empty database of its own (PGlite in memory, or a new PostgreSQL schema) and how to drop it. */
async function emptyDb(kind: TestDbKind): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const base = inject('postgresUrl');
  const schema = `shipping_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(base, 1);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const db = openPostgres(url.toString(), 2);
  return {
    db,
    async drop() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

describe.each(testDbKinds())(`migration ${MIGRATION} (%s)`, (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await emptyDb(kind));
    // The schema as a shop had it before this migration.
    for (const migration of migrations.filter((m) => m.name < MIGRATION)) await db.exec(migration.sql);
  });
  afterAll(() => drop());

  it('copies every method name and description, edited ones too, into translations and drops the columns', async () => {
    await db.query(`UPDATE shipping_methods SET name_sv = 'PostNord – ombud nära dig' WHERE shipping_method_id = 'postnord-ombud'`);
    await db.query(
      `INSERT INTO shipping_methods (shipping_method_id, carrier, name_sv, name_en, description_sv, description_en, fee_minor, countries, active)
       VALUES ('schenker-hem', 'DB Schenker', 'Schenker hem', 'Schenker home', 'Hem till dig', 'To your home', 9900, ARRAY['SE'], false)`,
    );
    const before = await db.query<{ id: string; name_sv: string; name_en: string; description_sv: string; description_en: string }>(
      'SELECT shipping_method_id AS id, name_sv, name_en, description_sv, description_en FROM shipping_methods ORDER BY 1',
    );
    expect(before.length).toBe(4);

    await db.exec(migrations.find((m) => m.name === MIGRATION)!.sql);

    const translations = await db.query<{ id: string; language_id: string; name: string; description: string }>(
      'SELECT shipping_method_id AS id, language_id, name, description FROM shipping_method_translations ORDER BY 1, 2',
    );
    expect(translations).toEqual(
      before.flatMap((m) => [
        { id: m.id, language_id: 'en', name: m.name_en, description: m.description_en },
        { id: m.id, language_id: 'sv', name: m.name_sv, description: m.description_sv },
      ]),
    );
    expect(translations).toContainEqual({ id: 'postnord-ombud', language_id: 'sv', name: 'PostNord – ombud nära dig', description: 'Leverans till ditt närmaste ombud, 1–3 vardagar' });
    const columns = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'shipping_methods' AND table_schema = current_schema() ORDER BY 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['active', 'carrier', 'countries', 'fee_minor', 'free_from_minor', 'shipping_method_id', 'sort_order']);
  });
});
