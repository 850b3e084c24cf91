import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db/client';

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
