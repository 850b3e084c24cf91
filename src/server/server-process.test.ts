/**
 * The built server as a process, as a deploy runs it: one DATA_DIR per process, and SIGTERM under load.
 * The server bundle is built into a temporary folder first (a second or two), or taken from SERVER_BUNDLE
 * (a main.js) to run these tests against another build.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../../tests/support/server';
import { buildServerBundle } from './testing/server-bundle';

interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

const root = mkdtempSync(join(tmpdir(), 'storefront-process-'));
const dataDir = join(root, 'data');
let bundle = process.env.SERVER_BUNDLE ?? '';
let builtDir: string | undefined;

function start(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [bundle, ...args], {
    // Debug, so a request's arrival is logged: the SIGTERM test waits for it.
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'debug', NODE_ENV: 'production', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Polls until the condition holds or the process has exited, bounded by `ms`. */
async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function openConnection(port: number) {
  return new Promise<{ socket: Socket; received(): string; closed: Promise<void> }>((resolve, reject) => {
    let data = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

describe('the server process', () => {
  let port: number;
  let first: ServerProcess;

  beforeAll(async () => {
    if (!bundle) {
      const built = buildServerBundle();
      builtDir = built.dir;
      bundle = built.bundle;
    }
    expect(existsSync(bundle)).toBe(true);
    cpSync(inject('pgliteTemplates').games, dataDir, { recursive: true });
    port = await freePort();
    // Long enough that only the shutdown closes the idle keep-alive connection below; in-flight requests
    // get 60% of the shutdown timeout, 4.8 s.
    first = start([], { PORT: String(port), KEEP_ALIVE_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '8000' });
    await until(() => first.stdout().includes('listening on') || first.child.exitCode !== null, 90_000, 'the server to listen');
    expect(first.child.exitCode, first.stderr()).toBeNull();
  });

  afterAll(async () => {
    if (first && first.child.exitCode === null) {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    rmSync(root, { recursive: true, force: true });
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  });

  it.each([
    ['a second server', [] as string[]],
    ['the seed command', ['seed']],
  ])('refuses %s on the same DATA_DIR with one line naming it, while the first keeps serving', async (_name, args) => {
    const second = start(args, { PORT: String(await freePort()) });
    await until(() => second.child.exitCode !== null || second.stdout().includes('listening on') || second.stdout().includes('Seeded'), 60_000, 'the second process to settle');
    if (second.child.exitCode === null) second.child.kill('SIGKILL');
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(`DATA_DIR ${dataDir} is in use by another server process (pid ${first.child.pid} on ${second.stderr().match(/ on ([^,]+),/)?.[1]}, since ${second.stderr().match(/since ([^)]+)\)/)?.[1]}): stop that process first or use another DATA_DIR; delete ${join(dataDir, 'server.lock')} only if no such process is running.\n`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('on SIGTERM closes an idle keep-alive connection, lets the in-flight request finish with Connection: close, cuts a WebSocket that never answers the close, and exits 0', async () => {
    // A subscriber whose client never answers the server's close frame (ws would wait 30 s for it).
    const webSocket = await openConnection(port);
    webSocket.socket.write(
      'GET /graphql HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n',
    );
    await until(() => webSocket.received().startsWith('HTTP/1.1 101 '), 10_000, 'the WebSocket upgrade');

    const idle = await openConnection(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => idle.received().includes('"status":"ok"'), 10_000, 'the health answer');

    // In flight: the headers are in, half the body is not.
    const body = JSON.stringify({ query: '{ __typename }' });
    const inFlight = await openConnection(port);
    const logged = first.stdout().length;
    inFlight.socket.write(`POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await until(() => first.stdout().slice(logged).includes('"url":"/graphql"'), 10_000, 'the request to reach the server');

    const signalled = Date.now();
    first.child.kill('SIGTERM');
    await until(() => first.stdout().includes('SIGTERM'), 10_000, 'the shutdown to begin');
    await idle.closed;
    const idleClosedAfter = Date.now() - signalled;

    inFlight.socket.write(body.slice(5));
    await until(() => inFlight.received().includes('"__typename":"Query"'), 10_000, 'the in-flight answer');
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.received()).toMatch(/\r\nconnection: close\r\n/i);
    await inFlight.closed;

    await webSocket.closed;
    expect(await first.exited).toBe(0);
    console.info(`SIGTERM → idle connection closed ${idleClosedAfter} ms, process exited ${Date.now() - signalled} ms`);
    // The lock went with the database: the next process may open the folder.
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });
});
