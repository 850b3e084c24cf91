import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from './app';
import { openTestDb } from './db';

/** The one entry every build's manifest has: a page names its script and stylesheet from it. */
export const ENTRY_ONLY_MANIFEST = { 'src/client/entry-client.tsx': { file: 'assets/entry-1.js', css: ['assets/entry-1.css'], isEntry: true } };

/**
 * A client build's folder for a server test (createTestApp's clientDir): Vite's manifest, which the server reads
 * the pages' scripts and stylesheets from, and any files beside it (path → content). `remove` deletes it.
 */
export function fakeClientBuild(
  prefix: string,
  manifest: Record<string, object> = ENTRY_ONLY_MANIFEST,
  files: Record<string, string | Uint8Array> = {},
): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const [path, content] of Object.entries({ '.vite/manifest.json': JSON.stringify(manifest), ...files })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * The shop on the test database, serving a fake client build, for a describe block: made before its tests and
 * ended after them (the build's folder whatever else fails). Read `app` and `db` inside the tests.
 */
export function appOnFakeClientBuild(...build: Parameters<typeof fakeClientBuild>): { readonly app: TestApp; readonly db: Db } {
  let made: ReturnType<typeof fakeClientBuild> | undefined;
  let db: Db | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    made = fakeClientBuild(...build);
    db = await openTestDb('pglite');
    app = await createTestApp(db, {}, { clientDir: made.dir });
  });
  afterAll(async () => {
    try {
      await app?.stop();
      await app?.closePubSub();
      await db?.close();
    } finally {
      made?.remove();
    }
  });
  return {
    get app() {
      if (!app) throw new Error('The app starts in beforeAll: read it inside a test');
      return app;
    },
    get db() {
      if (!db) throw new Error('The database opens in beforeAll: read it inside a test');
      return db;
    },
  };
}
