import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runtimeInShell } from '../../vite.config';

const files = { runtime: 'assets/rolldown-runtime-R1.js', shell: 'assets/entry-client-S1.js' };
// Rolldown's runtime as it is built: top-level helpers, then one export statement.
const runtime = { fileName: files.runtime, imports: [], code: 'var e=1,t=(t)=>t+e,n=(e)=>e*10;export{t as r,n as t};' };
const shell = { fileName: files.shell, imports: [files.runtime], code: 'import{r as e,t}from"./rolldown-runtime-R1.js";var r=e(1);export{r as a,t as m};\n' };
const page = { fileName: 'assets/Page-P1.js', imports: [files.shell, files.runtime], code: 'import{r as e}from"./rolldown-runtime-R1.js";import{a as t}from"./entry-client-S1.js";export const b=e(t);\n' };
const apart = { fileName: 'assets/Apart-A1.js', imports: [files.runtime], code: 'import{t as e}from"./rolldown-runtime-R1.js";export const c=e(4);\n' };

describe("Rolldown's runtime in the shell (vite.config.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-in-shell-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the shell and the chunks that import it without the runtime file', async () => {
    const result = runtimeInShell(files, [runtime, shell, page]);
    if (typeof result === 'string') throw new Error(result);
    for (const chunk of [shell, page]) {
      const code = result.get(chunk.fileName)!;
      expect(code).not.toContain('rolldown-runtime');
      writeFileSync(join(dir, chunk.fileName.split('/').pop()!), code);
    }
    const loaded = (await import(pathToFileURL(join(dir, 'Page-P1.js')).href)) as { b: number };
    expect(loaded.b).toBe(3);
    const shellModule = (await import(pathToFileURL(join(dir, 'entry-client-S1.js')).href)) as { a: number; m: (n: number) => number };
    expect(shellModule.a).toBe(2);
    expect(shellModule.m(2)).toBe(20);
  });

  it("gives a chunk that never imported the shell a copy of its own, as its hashed name depends on the runtime's and not the shell's", async () => {
    const result = runtimeInShell(files, [runtime, shell, page, apart]);
    if (typeof result === 'string') throw new Error(result);
    const code = result.get(apart.fileName)!;
    expect(code).not.toContain('rolldown-runtime');
    expect(code).not.toContain('entry-client');
    writeFileSync(join(dir, 'Apart-A1.js'), code);
    expect(((await import(pathToFileURL(join(dir, 'Apart-A1.js')).href)) as { c: number }).c).toBe(40);
  });

  it('says why it changes nothing when the runtime or the shell has another shape', () => {
    expect(runtimeInShell(files, [{ ...runtime, code: 'var e=1;export default e;' }, shell])).toMatch(/one export statement/);
    expect(runtimeInShell(files, [runtime, { ...shell, code: 'import * as r from"./rolldown-runtime-R1.js";' }])).toMatch(/otherwise than by one import statement/);
    expect(runtimeInShell(files, [runtime, { ...shell, code: 'var $rt$x=1;import{r as e}from"./rolldown-runtime-R1.js";' }])).toMatch(/already uses/);
    // A chunk the shell imported could run before the helpers at the shell's end exist.
    expect(runtimeInShell(files, [runtime, { ...shell, imports: [files.runtime, 'assets/Other-O1.js'] }])).toMatch(/imports other chunks/);
    expect(runtimeInShell(files, [runtime, { ...shell, imports: [] }])).toMatch(/does not import/);
  });
});
