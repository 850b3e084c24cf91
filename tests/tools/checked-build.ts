/**
 * `npm run build`, failing when it prints anything but its progress and sizes (see build-output.ts), or when the
 * shell's script lacks its compile hint. test:e2e builds with this, so the build the browser tests run on is also
 * the one whose output is checked, as a newcomer sees it on `npm start`:
 *
 *   npx tsx tests/tools/checked-build.ts
 *
 * It runs the commands of package.json's "build" script itself rather than through npm, whose own lines (and
 * warnings about a machine's npm settings) are not the project's.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_ENTRY } from '../../src/server/render/client-manifest';
import { COMPILE_HINT } from '../../vite.config';
import { unexpectedLines } from './build-output';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const buildScript = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;

/** Runs one command as npm would (the project's bins on PATH), echoing its output and answering all of it. */
function run(command: string): Promise<string> {
  // As from a shell: a NODE_ENV=test left in the environment (Vitest's) would build React's development files.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  env.PATH = [join(root, 'node_modules', '.bin'), env.PATH].join(delimiter);
  const child = spawn(command, { cwd: root, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (process.stdout.write(chunk), (output += chunk.toString())));
  child.stderr.on('data', (chunk: Buffer) => (process.stderr.write(chunk), (output += chunk.toString())));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => (code === 0 ? done(output) : fail(new Error(`${command} exited with ${code}`))));
  });
}

let output = '';
for (const command of buildScript.split('&&').map((part) => part.trim())) output += `${await run(command)}\n`;

const problems = [
  ...unexpectedLines(output).map((line) => `unexpected output: ${line}`),
  ...(output.includes('sw.js') ? [] : ['the client build listed no service worker (sw.js)']),
  ...(output.includes('main.js') ? [] : ['the server build listed no main.js']),
  ...shellProblems(),
];
/** The shell's script starts with V8's compile hint, and its brotli copy is of the same text. */
function shellProblems(): string[] {
  const client = join(root, 'dist/client');
  const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const shell = manifest[CLIENT_ENTRY]?.file;
  if (!shell) return ["the client's manifest names no shell script"];
  const code = readFileSync(join(client, shell));
  return [
    ...(code.toString('utf8').startsWith(`${COMPILE_HINT}\n`) ? [] : [`${shell} does not start with the compile hint`]),
    ...(brotliDecompressSync(readFileSync(join(client, `${shell}.br`))).equals(code) ? [] : [`${shell}.br is not ${shell} compressed`]),
  ];
}

if (problems.length > 0) {
  console.error(`\nThe build printed what a newcomer would not know what to do with, or lacks what it must make:\n${problems.join('\n')}`);
  process.exit(1);
}
