import { afterEach, describe, expect, it, vi } from 'vitest';

/** The worker's script, run as a worker would (its `self` named after the page's locale). */
async function runWarmUp(name: string): Promise<{ close: () => void }> {
  const close = vi.fn();
  vi.stubGlobal('self', { name, close });
  vi.resetModules();
  await import('./intl-warm-up');
  return { close };
}

describe("the locale data's worker", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses Intl in the page's locale and closes itself", async () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const { close } = await runWarmUp('sv-SE');
    expect(supported).toHaveBeenCalledWith('sv-SE');
    expect(close).toHaveBeenCalledOnce();
  });

  it('closes itself without an error when the locale is refused', async () => {
    const { close } = await runWarmUp('not a locale!');
    expect(close).toHaveBeenCalledOnce();
  });
});
