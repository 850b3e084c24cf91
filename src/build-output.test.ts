import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const outDir = mkdtempSync(join(tmpdir(), 'storefront-build-'));

/** Everything `vite build` prints, as a newcomer running npm run build sees it. */
async function build(...args: string[]): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [vite, 'build', ...args, '--emptyOutDir'], {
    cwd: root,
    // As from a shell: Vitest's NODE_ENV=test would build React's development files.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'))),
  });
  return `${stdout}\n${stderr}`;
}

// Vite's '(!)' notes and '[warn]' lines, and Rolldown's coded warnings such as '[INEFFECTIVE_DYNAMIC_IMPORT] …'.
const warnings = (output: string) =>
  // Rolldown colours its warnings even when told not to.
  stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => /warn|\(!\)|deprecated|larger than/i.test(line) || /^\s*\[[A-Z_]+\]/.test(line));

describe('the production build', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('prints no warnings for the client and its service worker', async () => {
    const output = await build('--outDir', join(outDir, 'client'));
    expect(output).toContain('sw.js');
    expect(warnings(output)).toEqual([]);
  }, 120_000);

  it('prints no warnings for the server bundle', async () => {
    const output = await build('--ssr', 'src/server/main.ts', '--outDir', join(outDir, 'server'));
    expect(output).toContain('main.js');
    expect(warnings(output)).toEqual([]);
  }, 120_000);
});
