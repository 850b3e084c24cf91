import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { seedCatalog } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data directories to copy per test file: migrated only, and migrated + games seed. */
    pgliteTemplates: { empty: string; games: string };
    /** A seeded PostgreSQL database URL when DATABASE_URL is set, else ''. */
    postgresUrl: string;
  }
}

/** PGlite's initdb costs ~4 s and ~1 GB, so it runs once here and test files copy the result. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const empty = join(root, 'empty');
  const games = join(root, 'games');
  const db = await openPglite(empty);
  await migrate(db);
  await db.close();
  const { cpSync } = await import('node:fs');
  cpSync(empty, games, { recursive: true });
  const seeded = await openPglite(games);
  await seedCatalog(seeded, { variant: 'games' });
  await seeded.close();
  project.provide('pgliteTemplates', { empty, games });

  let postgresUrl = '';
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `storefront_test_${process.pid}`;
    const admin = openPostgres(baseUrl, 1);
    await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    postgresUrl = url.toString();
    const pgDb = openPostgres(postgresUrl, 2);
    await migrate(pgDb);
    await seedCatalog(pgDb, { variant: 'games' });
    await pgDb.close();
  }
  project.provide('postgresUrl', postgresUrl);

  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (baseUrl && postgresUrl) {
      const admin = openPostgres(baseUrl, 1);
      await admin.exec(`DROP DATABASE IF EXISTS ${new URL(postgresUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.close();
    }
  };
}
