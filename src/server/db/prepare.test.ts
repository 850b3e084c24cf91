import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { openPglite } from './client';
import { prepareDatabase } from './prepare';

describe('prepareDatabase on a data directory', () => {
  // Two PGlite start-ups and a full seed: 15 s alone, more on a busy 2-core CI machine.
  it('seeds a new directory once, and a restart keeps the data without seeding again', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-restart-'));
    try {
      cpSync(inject('pgliteTemplates').empty, dir, { recursive: true });
      const first = await openPglite(dir);
      expect(await prepareDatabase(first, 'games')).toEqual({ applied: [], seeded: true });
      // Something a shopper did before the restart.
      await first.query("INSERT INTO carts (cart_id) VALUES ('kept-across-restart-0001')");
      const [before] = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      await first.close();

      const second = await openPglite(dir);
      expect(await prepareDatabase(second, 'games')).toEqual({ applied: [], seeded: false });
      const [after] = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      expect(after!.n).toBe(before!.n);
      expect(await second.query("SELECT cart_id FROM carts WHERE cart_id = 'kept-across-restart-0001'")).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
