import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { withDeadline } from './operation-deadline';

function fakeDb(ran: string[]): Db {
  const tx = {
    query: async <R>(text: string) => {
      ran.push(text);
      return [] as R[];
    },
    exec: async (sql: string) => void ran.push(sql),
  };
  return { kind: 'pglite', ...tx, transaction: (fn) => fn(tx), exclusive: (_name, fn) => fn(), close: async () => undefined };
}

describe('withDeadline', () => {
  it('runs queries until the deadline and refuses any that would start after it, in transactions too', async () => {
    const ran: string[] = [];
    let now = 1_000;
    const db = withDeadline(fakeDb(ran), 1_500, () => now);
    await db.query('SELECT 1');
    await db.transaction(async (tx) => {
      await tx.query('SELECT 2');
      now = 1_501;
      await expect(tx.query('SELECT 3')).rejects.toMatchObject({ extensions: { code: 'OPERATION_TIMEOUT' } });
    }).catch(() => undefined);
    await expect(db.query('SELECT 4')).rejects.toThrow(/took too long/);
    await expect(db.transaction(async () => 'never')).rejects.toThrow(/took too long/);
    expect(ran).toEqual(['SELECT 1', 'SELECT 2']);
  });
});
