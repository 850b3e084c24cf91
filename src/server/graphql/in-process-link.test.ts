import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { createContext, type ContextBase } from './context';
import { inProcessLink } from './in-process-link';
import { buildYoga } from './schema';

/** A database that fails every query with a detail no shopper may read. */
const failingDb = {
  kind: 'pglite',
  query: async () => {
    throw new Error('relation "secret_table" does not exist');
  },
} as unknown as Db;

function renderClient(logged: object[]) {
  const base = { db: failingDb, variant: 'games', operationDeadlineMs: 5_000 } as unknown as ContextBase;
  const yoga = buildYoga((initial) => createContext(base, initial), { production: true, logger: { error: (details) => logged.push(details) } });
  return new ApolloClient({ ssrMode: true, cache: new InMemoryCache(), link: inProcessLink(yoga, {}) });
}

describe("server rendering's queries", () => {
  it('meet the limits of the /graphql endpoint', async () => {
    const client = renderClient([]);
    // One more alias than MAX_ALIASES (schema.ts).
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: shop { variant }`).join(' ');
    const result = await client.query({ query: gql(`query ManyAliases { ${aliases} }`), errorPolicy: 'all' });
    expect(result.error?.message).toMatch(/aliases limit of 15 exceeded/i);
  });

  it('see an unexpected failure masked, its details in the log only', async () => {
    const logged: object[] = [];
    const client = renderClient(logged);
    const result = await client.query({ query: gql`query Brands { brands(channelId: "1") { brandId } }`, errorPolicy: 'all' });
    expect(result.error?.message).toBe('Unexpected error.');
    expect(JSON.stringify(result)).not.toContain('secret_table');
    expect(logged).toHaveLength(1);
  });

  describe('each with a context of its own', () => {
    afterEach(() => vi.useRealTimers());

    it('so a later query of the same render gets its own deadline', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
      const emptyDb = { kind: 'pglite', query: async () => [] } as unknown as Db;
      const base = { db: emptyDb, variant: 'games', operationDeadlineMs: 300 } as unknown as ContextBase;
      const yoga = buildYoga((initial) => createContext(base, initial), { production: true, logger: { error: () => undefined } });
      const link = inProcessLink(yoga, {});
      const client = new ApolloClient({ ssrMode: true, cache: new InMemoryCache(), link });
      const first = await client.query({ query: gql`query BrandsSv { brands(channelId: "1|se") { brandId } }`, errorPolicy: 'all' });
      expect(first.error).toBeUndefined();
      vi.setSystemTime(new Date('2026-03-01T12:00:00.500Z'));
      const second = await client.query({ query: gql`query BrandsEn { brands(channelId: "2|en") { brandId } }`, errorPolicy: 'all' });
      expect(second.error).toBeUndefined();
    });
  });
});
