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

/**
 * The lines a build is expected to print: Vite's progress, the file sizes and the PWA plugin's summary. Anything
 * else (a warning, a deprecation, a note such as Rolldown's "set debugName" or its [PLUGIN_TIMINGS] report, which
 * carry no "warn") is something a newcomer would see and not know what to do with.
 */
const expectedLines: readonly RegExp[] = [
  /^$/,
  /^vite v[\d.]+ building (client|ssr) environment for production\.\.\.$/,
  /^(transforming|rendering chunks|computing gzip size)\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  // "✓ built in 9.79s", "✓ built in 1m 16s" on a busy machine.
  /^✓ built in (\d+m )?[\d.]+m?s$/,
  // File sizes: "dist/client/assets/x.js  1.2 kB │ gzip: 0.5 kB │ map: 2 kB".
  /^\S+\.(js|css|json|webmanifest|map|html)\s+[\d.,]+ kB( │ gzip:\s+[\d.,]+ kB)?( │ map:\s+[\d.,]+ kB)?$/,
  /^Building sw\/sw\.ts service worker \("iife" format\)\.\.\.$/,
  /^PWA v[\d.]+$/,
  /^mode\s+injectManifest$/,
  /^format:\s+iife$/,
  /^precache\s+\d+ entries \([\d.,]+ KiB\)$/,
  /^files generated$/,
  /^\s+\S*sw\.js$/,
];

/** Every line that is not one of the expected ones. */
const unexpected = (output: string) =>
  // Rolldown colours its notes even when told not to.
  stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !expectedLines.some((pattern) => pattern.test(line)));

describe('the production build', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('prints nothing but its progress and sizes for the client and its service worker', async () => {
    const output = await build('--outDir', join(outDir, 'client'));
    expect(output).toContain('sw.js');
    expect(unexpected(output)).toEqual([]);
  }, 120_000);

  it('prints nothing but its progress and sizes for the server bundle', async () => {
    const output = await build('--ssr', 'src/server/main.ts', '--outDir', join(outDir, 'server'));
    expect(output).toContain('main.js');
    expect(unexpected(output)).toEqual([]);
  }, 120_000);
});
