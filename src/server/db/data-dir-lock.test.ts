import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, inject } from 'vitest';
import { openPglite } from './client';
import { acquireDataDirLock, DataDirInUseError, FOREIGN_LEASE_MS, LOCK_FILE, removeStaleLock } from './data-dir-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (and that nothing else has been given yet, most likely). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function writeLock(dir: string, owner: Record<string, unknown>) {
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ token: 'left-behind', host: hostname(), since: '2026-01-01T00:00:00.000Z', ...owner }));
}

/** Records what a heartbeat reports through onLost; lost() waits for the first report, failing after 10 s. */
function watchLost() {
  const messages: string[] = [];
  return {
    messages,
    onLost: (message: string) => void messages.push(message),
    async lost(): Promise<string> {
      await until(() => messages.length > 0, 10_000, 'onLost');
      return messages[0]!;
    },
  };
}

/** Resolves with what `promise` gives, or fails after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`timed out waiting for ${what}`)), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls a condition until it holds, failing after `ms` (never a fixed sleep). */
async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the DATA_DIR lock', () => {
  it('refuses a second database on the same DATA_DIR with one line naming it, and frees the folder on close', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    cpSync(inject('pgliteTemplates').empty, dir, { recursive: true });
    const first = await openPglite(dir);
    try {
      const refusal = await openPglite(dir).then(
        async (second) => {
          await second.close();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      const message = (refusal as Error).message;
      expect(message).toContain(`DATA_DIR ${dir} is in use by another server process (pid ${process.pid}`);
      expect(message).not.toContain('\n');
      // The refused attempt left the owner's lock and database alone.
      expect(await first.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const reopened = await openPglite(dir);
    await reopened.close();
  });

  it('takes over a lock left by a process that is no longer running', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose pid now belongs to a process that started later (pid reuse)', async () => {
    const dir = tempDir();
    // This very process runs under that pid, but it is not the one that wrote the lock.
    writeLock(dir, { pid: process.pid, startTime: '1' });
    const lock = await acquireDataDirLock(dir);
    lock.release();
  });

  it('leaves a lock from another host alone while its owner keeps touching it, and takes it over after ten minutes without', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), host: 'another-host.invalid' });
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/^DATA_DIR .* is in use by another server process \(pid \d+ on another-host\.invalid/);
    expect(FOREIGN_LEASE_MS).toBe(10 * 60_000);
    // An owner whose event loop was blocked for minutes (a large seed) is still alive: not stale yet.
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(join(dir, LOCK_FILE), fiveMinutesAgo, fiveMinutesAgo);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/; last heartbeat 30\d s ago, taken over after 10 min without one\): stop that process/);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(join(dir, LOCK_FILE), elevenMinutesAgo, elevenMinutesAgo);
    const lock = await acquireDataDirLock(dir);
    lock.release();
  });

  it('keeps touching its own lock without reporting it lost', async () => {
    const dir = tempDir();
    const watch = watchLost();
    const lock = await acquireDataDirLock(dir, { heartbeatMs: 20, onLost: watch.onLost });
    try {
      const longAgo = new Date(Date.now() - 11 * 60_000);
      utimesSync(lock.path, longAgo, longAgo);
      await until(() => Date.now() - statSync(lock.path).mtimeMs < 60_000, 10_000, 'the heartbeat to touch the lock');
      expect(watch.messages).toEqual([]);
    } finally {
      lock.release();
    }
    expect(existsSync(lock.path)).toBe(false);
  });

  it('reports, once and in one line, a lock another process took over, and then leaves that lock alone', async () => {
    const dir = tempDir();
    const watch = watchLost();
    const lock = await acquireDataDirLock(dir, { heartbeatMs: 20, onLost: watch.onLost });
    // What a process on another host does after our beats stopped for a whole lease.
    unlinkSync(lock.path);
    writeLock(dir, { pid: 4242, host: 'another-host.invalid', token: 'the-new-owner' });
    const message = await watch.lost();
    expect(message).toBe(
      `Lost the lock on DATA_DIR ${dir}: ${LOCK_FILE} was taken over by pid 4242 on another-host.invalid (since 2026-01-01T00:00:00.000Z), ` +
        'most likely while this process was too busy to renew it; stopping so that only one process writes to the database.',
    );
    // Our release (and exit handler) leaves the new owner's lock in place.
    lock.release();
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ token: 'the-new-owner' });
    expect(watch.messages).toHaveLength(1);
  });

  it('reports a lock that was removed', async () => {
    const dir = tempDir();
    const watch = watchLost();
    const lock = await acquireDataDirLock(dir, { heartbeatMs: 20, onLost: watch.onLost });
    unlinkSync(lock.path);
    expect(await watch.lost()).toMatch(new RegExp(`^Lost the lock on DATA_DIR .*: ${LOCK_FILE} was removed, `));
    lock.release();
  });

  it('checks the lock before a database operation that runs after the event loop was blocked past a beat', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    cpSync(inject('pgliteTemplates').empty, dir, { recursive: true });
    const watch = watchLost();
    const db = await openPglite(dir, { heartbeatMs: 50, onLost: watch.onLost });
    expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    // A stall (a long PGlite statement, a bulk seed) during which another process takes the folder over: the
    // heartbeat timer cannot run, and the first thing after the stall is the next database operation.
    const stalledUntil = Date.now() + 100;
    while (Date.now() < stalledUntil) {
      // blocked
    }
    unlinkSync(join(dir, LOCK_FILE));
    writeLock(dir, { pid: 4242, host: 'another-host.invalid', token: 'the-new-owner' });
    expect(watch.messages).toEqual([]);
    await expect(db.query('SELECT 1')).rejects.toThrow(/^Lost the lock on DATA_DIR .* was taken over by pid 4242 on another-host\.invalid/);
    expect(watch.messages).toHaveLength(1);
    await expect(db.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toThrow(/^Lost the lock/);
    await expect(db.exec('SELECT 1')).rejects.toThrow(/^Lost the lock/);
    // Nor does closing write a checkpoint into the new owner's folder; its lock stays.
    await expect(db.close()).rejects.toThrow(/^Lost the lock/);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'the-new-owner' });
    expect(watch.messages).toHaveLength(1);
  });

  it('exits the process at once by default when its lock was taken over', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(join(import.meta.dirname, 'data-dir-lock.ts'))};
      await acquireDataDirLock(process.argv[1], { heartbeatMs: 20 });
      console.log('acquired');
      setInterval(() => undefined, 1_000); // a server that would go on writing
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      await until(() => stdout.includes('acquired') || child.exitCode !== null, 30_000, 'the child to take the lock');
      expect(stdout).toContain('acquired');
      unlinkSync(join(dir, LOCK_FILE));
      writeLock(dir, { pid: 4242, host: 'another-host.invalid', token: 'the-new-owner' });
      expect(await within(exited, 20_000, 'the child to exit')).toBe(1);
    } finally {
      child.kill();
    }
    expect(stderr).toMatch(new RegExp(`^Lost the lock on DATA_DIR .*: ${LOCK_FILE} was taken over by pid 4242 on another-host\\.invalid .*\\n$`));
    expect(stderr.trim().split('\n')).toHaveLength(1);
    // Its exit did not remove the new owner's lock.
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'the-new-owner' });
  });

  it.runIf(existsSync('/proc/self/ns/pid'))('treats a lock from another PID namespace on this host (a container sharing the volume) by its heartbeat, not by pid', async () => {
    const dir = tempDir();
    // That pid means nothing here: dead in this namespace, it may well run in the other one.
    writeLock(dir, { pid: deadPid(), pidNamespace: 'pid:[1]' });
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirInUseError);
  });

  it('removes only the stale lock it judged, not the fresh one a faster process put in its place', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), token: 'left-behind' });
    // The faster process took over; the slower one saw 'left-behind' and now acts on it.
    const lock = await acquireDataDirLock(dir);
    expect(removeStaleLock(dir, 'left-behind')).toBe(true);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('leaves the stale lock to a process already taking it over', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), token: 'left-behind' });
    writeFileSync(join(dir, `${LOCK_FILE}.takeover`), '{}');
    expect(removeStaleLock(dir, 'left-behind')).toBe(false);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('lets exactly one of several processes racing for the same stale lock take it', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    // Each racer loads the module, says so, and waits for the line on stdin that starts them all at once.
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(join(import.meta.dirname, 'data-dir-lock.ts'))};
      import { once } from 'node:events';
      console.log('ready');
      await once(process.stdin, 'data');
      try { await acquireDataDirLock(process.argv[1]); console.log('acquired'); }
      catch (error) { console.log(error.constructor.name); }
      process.stdin.resume(); // holds the lock until the test closes stdin
    `;
    const racers = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['pipe', 'pipe', 'inherit'] }),
    );
    try {
      const lines = racers.map((child) => {
        const received: string[] = [];
        let partial = '';
        child.stdout.on('data', (chunk: Buffer) => {
          const parts = (partial + chunk.toString()).split('\n');
          partial = parts.pop() ?? '';
          received.push(...parts);
        });
        return received;
      });
      const settled = (count: number) =>
        new Promise<void>((done, fail) => {
          const timer = setInterval(() => {
            if (lines.every((received) => received.length >= count)) done(clearInterval(timer));
            else if (racers.some((child) => child.exitCode !== null)) {
              clearInterval(timer);
              fail(new Error(`a racer exited: ${JSON.stringify(lines)}`));
            }
          }, 10);
        });
      await settled(1);
      for (const child of racers) child.stdin.write('go\n');
      await settled(2);
      const outcomes = lines.map((received) => received[1]);
      expect(outcomes.filter((outcome) => outcome === 'acquired')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'DataDirInUseError')).toHaveLength(3);
    } finally {
      await Promise.all(racers.map((child) => new Promise((done) => (child.once('exit', done), child.stdin.end()))));
    }
    // The winner's exit removed its lock.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
