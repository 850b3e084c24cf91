import { randomBytes } from 'node:crypto';
import { openPostgres } from '../db/client';

/**
 * An empty PostgreSQL database of its own on the server `baseUrl` names, for server processes a test or bench
 * starts (they migrate and seed it themselves, as on a first deploy). `drop` removes it, connections and all.
 */
export async function createThrowawayDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = openPostgres(baseUrl, 1);
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = openPostgres(baseUrl, 1);
      try {
        await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}
