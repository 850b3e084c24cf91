import { describe, expect, it } from 'vitest';
import { terserPass } from '../../vite.config';

type Hooks = { renderStart(options: { sourcemap: boolean }): void; augmentChunkHash(chunk: { isEntry: boolean; name: string }): string | undefined };

describe("the terser pass's part in the shell's name (vite.config.ts, terserPass)", () => {
  const shell = { isEntry: true, name: 'entry-client' };

  it("puts terser's version and options into the shell's hash, and into no other chunk's", () => {
    const pass = terserPass() as unknown as Hooks;
    pass.renderStart({ sourcemap: false });
    expect(pass.augmentChunkHash(shell)).toMatch(/^terser \d+\.\d+\.\d+ \{/);
    expect(pass.augmentChunkHash({ isEntry: false, name: 'apollo' })).toBeUndefined();
  });

  it('leaves the hash alone in a build with source maps, which the pass skips: that shell is named for what it holds', () => {
    const pass = terserPass() as unknown as Hooks;
    pass.renderStart({ sourcemap: true });
    expect(pass.augmentChunkHash(shell)).toBeUndefined();
  });
});
