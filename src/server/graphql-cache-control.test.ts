import { describe, expect, it } from 'vitest';
import { catalogReadCacheControl } from './graphql-cache-control';

describe("a catalog read's Cache-Control", () => {
  it('lets the worker keep a clean answer', () => {
    expect(catalogReadCacheControl(JSON.stringify({ data: { categories: [] } }))).toBe('no-cache');
  });

  it('lets nothing keep a 200 that carries errors (a timed-out read), nor an unreadable body', () => {
    const timedOut = { data: null, errors: [{ message: 'Timed out', extensions: { code: 'OPERATION_TIMEOUT' } }] };
    expect(catalogReadCacheControl(JSON.stringify(timedOut))).toBe('private, no-store');
    expect(catalogReadCacheControl(JSON.stringify({ data: { a: 1 }, errors: [{ message: 'partial' }] }))).toBe('private, no-store');
    expect(catalogReadCacheControl('<html>')).toBe('private, no-store');
  });
});
