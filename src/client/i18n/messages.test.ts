import { describe, expect, it, vi } from 'vitest';
import sv from '../../../locales/sv.json';

/** messages.ts holds the first page's catalog as module state: each test starts from a fresh copy of the module. */
const freshModule = async () => {
  vi.resetModules();
  return import('./messages');
};

describe("the first page's texts, completed as it hydrates", () => {
  it('are whole at once before the first page has said it holds a part', async () => {
    const { wholeMessages } = await freshModule();
    await expect(wholeMessages()).resolves.toBeUndefined();
  });

  it("gain the rest of the language's texts in the same object, keeping those it had", async () => {
    const { completeFirstMessages, wholeMessages, withWholeMessages } = await freshModule();
    const cart = [{ type: 0, value: 'Varukorg' }];
    const shown = { 'header.cart': cart } as unknown as Parameters<typeof completeFirstMessages>[0];
    completeFirstMessages(shown, 'sv');
    // A part loaded meanwhile resolves with its code once the texts are whole, not before.
    const part = await withWholeMessages(() => Promise.resolve('part'))();
    expect(part).toBe('part');
    expect(Object.keys(shown).sort()).toEqual(Object.keys(sv).sort());
    expect(shown['header.cart']).toBe(cart);
    await expect(wholeMessages()).resolves.toBeUndefined();
  });
});
