import { describe, expect, it } from 'vitest';
import { installAll, promoteStaged, stagedName } from './install';

const ok = () => Promise.resolve();
const fails = () => Promise.reject(new Error('503'));

describe('the install step', () => {
  it('succeeds when an optional fetch (a home page, the layout read) fails', async () => {
    await expect(installAll([ok, ok], [fails, ok, fails])).resolves.toBeUndefined();
  });

  it('fails when a required fetch (an offline page) fails', async () => {
    await expect(installAll([ok, fails], [ok])).rejects.toThrow('503');
  });

  it('waits for the optional fetches too, so what they store is there once installed', async () => {
    let stored = false;
    const slow = () => new Promise<void>((resolve) => setTimeout(() => ((stored = true), resolve()), 20));
    await installAll([ok], [slow]);
    expect(stored).toBe(true);
  });
});

/** Just enough of the Cache API, keyed by URL. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  const cacheOf = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, string>();
    stores.set(name, entries);
    return {
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      match: async (request: Request) => (entries.has(request.url) ? new Response(entries.get(request.url)) : undefined),
      put: async (request: Request, response: Response) => void entries.set(request.url, await response.text()),
    } as unknown as Cache;
  };
  return {
    stores,
    storage: { has: async (name: string) => stores.has(name), open: async (name: string) => cacheOf(name), delete: async (name: string) => stores.delete(name) },
  };
}

describe('what the install fetched', () => {
  it('is kept apart until activate, then replaces the old copies and the staging cache goes', async () => {
    const { stores, storage } = fakeCaches();
    stores.set('offline-v1', new Map([['https://shop.example/offline.html', 'old']]));
    stores.set(stagedName('offline-v1'), new Map([['https://shop.example/offline.html', 'new']]));
    // Until activate the old worker still serves its own copy.
    expect(stores.get('offline-v1')?.get('https://shop.example/offline.html')).toBe('old');
    await promoteStaged(storage, ['pages-v1', 'offline-v1']);
    expect(stores.get('offline-v1')?.get('https://shop.example/offline.html')).toBe('new');
    expect(stores.has(stagedName('offline-v1'))).toBe(false);
    expect(stores.has('pages-v1')).toBe(false);
  });
});
