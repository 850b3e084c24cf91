import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { seedCatalog } from '../db/seed';

export type TestDbKind = 'pglite' | 'postgres';

/** Database kinds every integration suite runs against: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function testDbKinds(): TestDbKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A private, migrated database for one test file. `seeded` (default) starts from the games catalog.
 * PGlite gets its own copy of the template; PostgreSQL shares the seeded test database, so tests that write
 * there must only touch rows they created.
 */
export async function openTestDb(kind: TestDbKind, template: 'empty' | 'games' = 'games'): Promise<Db> {
  if (kind === 'postgres') return openPostgres(inject('postgresUrl'), 4);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-db-'));
  cpSync(inject('pgliteTemplates')[template], dir, { recursive: true });
  const db = await openPglite(dir);
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A seeded database this test file may change freely (prices, stock, campaigns). PGlite copies are private
 * anyway; on PostgreSQL the file gets its own schema, migrated and seeded, first on the search_path, so
 * writes never reach the shared database other files read concurrently. Closing drops the schema.
 */
export async function openWritableTestDb(kind: TestDbKind, poolSize = 10): Promise<Db> {
  if (kind === 'pglite') return openTestDb(kind);
  const base = inject('postgresUrl');
  const schema = `private_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(base, 1);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  // Extensions (pg_trgm) live in public, so it stays on the path behind the private schema.
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const db = openPostgres(url.toString(), poolSize);
  await migrate(db);
  await seedCatalog(db, { variant: 'games' });
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      await close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}
