import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * The one slow password hash of the server (admin and customer passwords).
 * scrypt (memory-hard, in node:crypto): N = 2^15, r = 8, p = 1 costs ~32 MiB and tens of milliseconds per
 * guess. Stored as scrypt$N$r$p$salt$hash (base64url), so the cost can be raised without breaking old hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Refused at once because as many hashes as the process takes are running or waiting: answer 503 with Retry-After. */
export class PasswordHashBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks are waiting');
  }
}

export interface PasswordHashLimits {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes allowed to wait for a turn; one more is refused with PasswordHashBusyError. */
  queue: number;
}

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which static files
 * (fs) and compression (zlib) need too: a login flood that filled it made pages take seconds while /healthz stayed
 * fast. So hashes run at most `concurrency` at a time, always fewer than the pool's threads, and at most `queue`
 * wait; beyond that a login is refused at once rather than queued for ever. The default keeps half the cores
 * (at least one) for everything else.
 */
export function defaultPasswordHashLimits(): PasswordHashLimits {
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return { concurrency: Math.max(1, Math.min(poolThreads - 2, Math.floor(availableParallelism() / 2))), queue: 16 };
}

let limits = defaultPasswordHashLimits();
let running = 0;
const waiting: (() => void)[] = [];

/** Set once at start from the configuration (tests set their own). */
export function configurePasswordHashing(next: PasswordHashLimits): void {
  limits = next;
}

/** Hashes running and waiting now (the readiness check and tests read it). */
export function passwordHashLoad(): { running: number; waiting: number } & PasswordHashLimits {
  return { running, waiting: waiting.length, ...limits };
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limits.concurrency) {
    // A full queue waits about queue ÷ concurrency hashes of ~0.1 s: a second or two is when to come back.
    if (waiting.length >= limits.queue) throw new PasswordHashBusyError(Math.max(1, Math.ceil(limits.queue / limits.concurrency / 10)));
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter (running stays the same), or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checked against when no user has the address, so a wrong email takes as long as a wrong password. */
export const dummyHashPromise = hashPassword(randomBytes(16).toString('hex'));
