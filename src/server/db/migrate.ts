import type { Db } from './client';

/** Numbered plain-SQL migrations, bundled at build time so the server needs no files beside it. */
const files = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true });

export const migrations = Object.entries(files)
  .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1, -'.sql'.length), sql }))
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Applies every migration not yet recorded, each in its own transaction, and returns the names applied. Instances
 * starting together take turns under one database lock, so each migration runs once and the later ones find it done.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.exclusive('schema-migrations', async () => {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      });
      applied.push(migration.name);
    }
    return applied;
  });
}

export async function isMigrated(db: Db): Promise<boolean> {
  try {
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    return migrations.every((m) => done.has(m.name));
  } catch {
    return false;
  }
}
