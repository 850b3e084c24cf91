import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from './client';

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
});
