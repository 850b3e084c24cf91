import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, precompress } from '../../vite.config';

type WriteBundle = (this: { warn(message: string): void }, options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>;

describe('the compressed copies and the compile hint (vite.config.ts, precompress)', () => {
  const shellCode = 'var a=1;export{a};\n';
  const pageCode = 'export const b=2;\n';
  // One segment: the shell's first line, first column, is line 1 column 0 of src/a.ts.
  const map = { version: 3, sources: ['../../src/a.ts'], names: [], mappings: 'AAAA', ignoreList: [], debugId: 'd1' };
  const bundle = {
    'assets/entry-client-S1.js': { type: 'chunk', isEntry: true, name: 'entry-client', fileName: 'assets/entry-client-S1.js', sourcemapFileName: 'assets/entry-client-S1.js.map' },
    'assets/entry-client-S1.js.map': { type: 'asset', fileName: 'assets/entry-client-S1.js.map' },
    'assets/Page-P1.js': { type: 'chunk', isEntry: false, name: 'Page', fileName: 'assets/Page-P1.js', sourcemapFileName: null },
  };
  let dir = '';
  const warnings: string[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/entry-client-S1.js'), shellCode);
    writeFileSync(join(dir, 'assets/entry-client-S1.js.map'), JSON.stringify(map));
    writeFileSync(join(dir, 'assets/Page-P1.js'), pageCode);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the hint first in the shell alone, moves the shell's source map with it, and compresses what it wrote", async () => {
    const writeBundle = precompress().writeBundle;
    if (typeof writeBundle !== 'function') throw new Error('precompress has no writeBundle function');
    await (writeBundle as unknown as WriteBundle).call({ warn: (message) => warnings.push(message) }, { dir }, bundle);
    const shell = readFileSync(join(dir, 'assets/entry-client-S1.js'), 'utf8');
    expect(shell).toBe(`${COMPILE_HINT}\n${shellCode}`);
    expect(readFileSync(join(dir, 'assets/Page-P1.js'), 'utf8')).toBe(pageCode);
    // The shell's code is on line 2 now: its map's first line (the hint's) maps nothing, its second what the first did.
    expect(JSON.parse(readFileSync(join(dir, 'assets/entry-client-S1.js.map'), 'utf8'))).toEqual({ ...map, mappings: ';AAAA' });
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/entry-client-S1.js.br'))).toString('utf8')).toBe(shell);
    expect(gunzipSync(readFileSync(join(dir, 'assets/Page-P1.js.gz'))).toString('utf8')).toBe(pageCode);
    expect(existsSync(join(dir, 'assets/entry-client-S1.js.map.br'))).toBe(false);
    expect(warnings).toEqual([]);
  });
});
