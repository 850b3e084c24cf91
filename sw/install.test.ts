import { describe, expect, it } from 'vitest';
import { installAll } from './install';

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
