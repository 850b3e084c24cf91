import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';

/**
 * One process owns a DATA_DIR at a time. PGlite has no lock of its own, and two processes on one folder hand
 * out the same order numbers and overwrite each other's pages, so the folder gets a lock file before PGlite
 * opens it.
 *
 * The lock is created with link(2) from a fully written temporary file: link fails with EEXIST like O_EXCL,
 * and a reader never sees a half-written lock. A lock whose owner is gone is taken over: on this host (and in
 * this PID namespace) when its pid is not alive or now belongs to a process that started later (PID reuse);
 * elsewhere, where pids mean nothing to us, when the owner has not touched the lock for ten minutes. Taking
 * over happens only under a short-lived takeover file, also created with link, so that two processes racing
 * for the same stale lock cannot both remove it, one of them removing the other's fresh lock instead.
 *
 * The heartbeat is a lease, and a lease can run out under a live owner: its timer runs on the event loop,
 * which long synchronous work (bulk seeding, a large render) can block. So the owner checks on every
 * beat that the lock still holds its token, and on finding another's (or none) it stops at once (onLost,
 * which by default logs one line and exits) instead of writing on beside the new owner.
 */

export const LOCK_FILE = 'server.lock';
const TAKEOVER_FILE = 'server.lock.takeover';
/** A takeover file lives for a few file operations; one this old was left by a process that died mid-way. */
const ABANDONED_TAKEOVER_MS = 10_000;
/** Long enough to outwait a takeover file abandoned by a process that died while holding it. */
const ACQUIRE_TIMEOUT_MS = ABANDONED_TAKEOVER_MS + 2_000;
/** The owner touches its lock this often, checking each time that the lock is still its own. */
const HEARTBEAT_MS = 10_000;
/**
 * A lock from another host or PID namespace untouched this long is stale. Beats stop while the owner's event
 * loop is blocked (a large seed, a long PGlite statement), and a takeover then means two writers until the
 * owner's next beat sees the lock is gone; so the lease is ten times the minute it used to be, well beyond
 * the stalls of minutes that PGlite work can cause, at the price of a restart waiting this long after such an
 * owner crashed (or an operator deleting the lock once sure that owner is gone).
 */
export const FOREIGN_LEASE_MS = 10 * 60_000;

interface LockOwner {
  token: string;
  pid: number;
  host: string;
  /** Containers on one host with a shared volume and host name still have their own pids. */
  pidNamespace?: string;
  /** Kernel boot id and the process's start time (Linux): together they tell a reused pid from the owner. */
  bootId?: string;
  startTime?: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
    /** For an owner elsewhere, whose lock goes stale by its heartbeat: when it last touched the lock. */
    touchedAt?: number,
  ) {
    const lease =
      touchedAt === undefined
        ? ''
        : `; last heartbeat ${Math.round((Date.now() - touchedAt) / 1000)} s ago, taken over after ${FOREIGN_LEASE_MS / 60_000} min without one`;
    super(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${owner.pid} on ${owner.host}, since ${owner.since}${lease}): ` +
        `stop that process first or use another DATA_DIR; delete ${join(dataDir, LOCK_FILE)} only if no such process is running.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /**
   * Throws, after reporting the loss through onLost, once the lock is known to be lost. When the heartbeat is
   * overdue (the event loop was blocked past a beat), it beats first: the timer fires only after the callbacks
   * already queued, and a query that one of them starts must not write to a folder taken over meanwhile.
   * Cheap otherwise (a clock read); call it before each database operation.
   */
  check(): void;
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): void;
}

/** The lock's content and when its owner last touched it, or undefined when there is none. */
function readLock(path: string): { text: string; touchedAt: number } | undefined {
  try {
    const touchedAt = statSync(path).mtimeMs;
    const text = readFileSync(path, 'utf8');
    return { text, touchedAt };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id')?.trim();
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks after boot); the name field may hold spaces and ')'. */
function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function currentOwner(token: string): LockOwner {
  return {
    token,
    pid: process.pid,
    host: hostname(),
    pidNamespace: pidNamespace(),
    bootId: bootId(),
    startTime: processStartTime(process.pid),
    since: new Date().toISOString(),
  };
}

/** Whether the owner runs where its pid means nothing to us: another host, or another PID namespace here. */
function isElsewhere(owner: LockOwner): boolean {
  const namespace = pidNamespace();
  return owner.host !== hostname() || (owner.pidNamespace !== undefined && namespace !== undefined && owner.pidNamespace !== namespace);
}

/**
 * Whether the owner is certainly gone. A process on another host (a shared volume, a container rescheduled
 * under a new name) or in another PID namespace cannot be looked up by pid; there its heartbeat decides.
 */
function isStale(owner: LockOwner, touchedAt: number): boolean {
  if (isElsewhere(owner)) return Date.now() - touchedAt > FOREIGN_LEASE_MS;
  const thisBoot = bootId();
  if (owner.bootId && thisBoot && owner.bootId !== thisBoot) return true;
  if (!pidAlive(owner.pid)) return true;
  // The pid runs, but if it started at another time it is another process that was given the same pid.
  const startTime = processStartTime(owner.pid);
  return Boolean(owner.startTime && startTime && owner.startTime !== startTime);
}

function parseOwner(path: string, text: string | undefined): LockOwner | undefined {
  if (text === undefined) return undefined;
  try {
    const owner = JSON.parse(text) as LockOwner;
    if (typeof owner.pid === 'number' && typeof owner.token === 'string' && typeof owner.host === 'string') return owner;
  } catch {
    // handled below
  }
  // Only link() creates the file, from a complete one, so other content was written by hand or a disk fault.
  throw new Error(`${path} is not a lock this server wrote: delete it if no server process uses this DATA_DIR`);
}

/** Creates `path` from a fully written file, failing with EEXIST when it exists. */
function linkExclusive(path: string, content: string): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o644 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function unlinkIfPresent(path: string) {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes the stale lock whose token we saw, unless another process replaced it meanwhile. False when another
 * process holds the takeover file. Exported for tests, which play the process that looked a moment too late.
 */
export function removeStaleLock(dir: string, staleToken: string): boolean {
  const takeoverPath = join(dir, TAKEOVER_FILE);
  if (!linkExclusive(takeoverPath, JSON.stringify(currentOwner(randomBytes(16).toString('hex'))))) {
    // Another process is taking over right now (or died doing so): the caller tries again. Removing an
    // abandoned one can race another remover, but only after a process died within its few milliseconds.
    try {
      if (Date.now() - statSync(takeoverPath).mtimeMs > ABANDONED_TAKEOVER_MS) unlinkIfPresent(takeoverPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return false;
  }
  try {
    // Only a holder of the takeover file removes a lock, so the lock we read now is the one we remove.
    const lockPath = join(dir, LOCK_FILE);
    const lock = readLock(lockPath);
    const owner = parseOwner(lockPath, lock?.text);
    if (lock && owner && owner.token === staleToken && isStale(owner, lock.touchedAt)) unlinkSync(lockPath);
  } finally {
    unlinkIfPresent(takeoverPath);
  }
  return true;
}

export interface DataDirLockOptions {
  /**
   * Called once, with one line saying so, when a heartbeat finds the lock removed or holding another
   * process's token: another process owns the folder now, and this one must not write to it again. The
   * default logs the line and exits with status 1 at once (no database close, which would write).
   */
  onLost?: (message: string) => void;
  /** How often the owner touches and checks its lock; tests shorten it. */
  heartbeatMs?: number;
}

function exitOnLost(message: string): void {
  console.error(message);
  process.exit(1);
}

/**
 * Takes the lock on dataDir (created when missing) or throws DataDirInUseError naming it. The lock goes with
 * release(), and also when the process exits without closing (process.exit, an uncaught error); after a
 * crash that skips even that (SIGKILL, power loss) the next start finds the owner dead and takes over.
 */
export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): Promise<DataDirLock> {
  const { onLost = exitOnLost, heartbeatMs = HEARTBEAT_MS } = options;
  const dir = resolvePath(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const token = randomBytes(16).toString('hex');
  const content = JSON.stringify(currentOwner(token));
  const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
  while (Date.now() < giveUpAt) {
    if (linkExclusive(path, content)) {
      let lostMessage: string | undefined;
      let lastBeatAt = Date.now();
      const beat = () => {
        if (lostMessage !== undefined) return;
        lastBeatAt = Date.now();
        let text: string | undefined;
        try {
          text = readText(path);
        } catch {
          return; // unreadable for now (a network file system's hiccup): a missed beat, not a lost lock
        }
        let holder: LockOwner | undefined;
        try {
          holder = parseOwner(path, text);
        } catch {
          holder = undefined; // replaced by something that is not a lock: not ours either
        }
        if (holder?.token !== token) {
          clearInterval(heartbeat);
          const what = holder ? `taken over by pid ${holder.pid} on ${holder.host} (since ${holder.since})` : text === undefined ? 'removed' : 'overwritten';
          lostMessage =
            `Lost the lock on DATA_DIR ${dir}: ${LOCK_FILE} was ${what}, ` +
            `most likely while this process was too busy to renew it; stopping so that only one process writes to the database.`;
          onLost(lostMessage);
          return;
        }
        try {
          // Between the read and this touch another process may have taken over; touching its lock only
          // lengthens a live owner's lease, and the next beat finds the token changed.
          const now = new Date();
          utimesSync(path, now, now);
        } catch {
          // A missed beat only matters to another host, after a whole lease of them.
        }
      };
      // Unref'd: the beat must not keep a process alive that has nothing else to do (its exit releases the
      // lock). A blocked event loop delays the beat, and setInterval then fires once, not once per missed beat.
      const heartbeat = setInterval(beat, heartbeatMs);
      heartbeat.unref();
      const check = () => {
        if (lostMessage === undefined && Date.now() - lastBeatAt >= heartbeatMs) beat();
        if (lostMessage !== undefined) throw new Error(lostMessage);
      };
      const release = () => {
        clearInterval(heartbeat);
        process.removeListener('exit', release);
        try {
          if (parseOwner(path, readText(path))?.token === token) unlinkSync(path);
        } catch {
          // Leaving a lock behind is safe: the next start sees this pid is gone and takes over.
        }
      };
      process.on('exit', release);
      return { path, check, release };
    }
    const lock = readLock(path);
    if (lock === undefined) continue; // released or taken over between our link and read
    const owner = parseOwner(path, lock.text) as LockOwner;
    if (!isStale(owner, lock.touchedAt)) throw new DataDirInUseError(dir, owner, isElsewhere(owner) ? lock.touchedAt : undefined);
    // Another process is taking over the same stale lock: give it a moment to finish.
    if (!removeStaleLock(dir, owner.token)) await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`Could not take the lock on DATA_DIR ${dir}: other processes keep taking it over`);
}
