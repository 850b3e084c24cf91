import { stat } from 'node:fs';

const SERVING_SLOW_MS = 2_000;
const PROBE_INTERVAL_MS = 500;

export interface ServingState {
  /** False while the process cannot serve pages in time. */
  inTime: boolean;
  /** How long the last (or the still unanswered) thread-pool job waited. */
  threadPoolWaitMs: number;
  /** How late the last probe's timer fired: the event loop was busy that long. */
  eventLoopLagMs: number;
}

/**
 * Whether this process can still serve pages in time: the database answering (/healthz's other half) says
 * nothing about the two things every page also needs. Static files and compression run on libuv's thread pool,
 * which slow work (password hashes) can fill while the event loop stays free, and a long synchronous stretch
 * (a large render) holds the event loop itself. Every half second a trivial file-system call goes to
 * the pool and a timer to the loop; how long each waited is the state.
 */
export function createServingProbe(
  options: { slowMs?: number; intervalMs?: number; now?: () => number; poke?: (done: () => void) => void } = {},
) {
  const { slowMs = SERVING_SLOW_MS, intervalMs = PROBE_INTERVAL_MS, now = () => performance.now() } = options;
  const poke = options.poke ?? ((done: () => void) => stat('.', () => done()));
  let threadPoolWaitMs = 0;
  let eventLoopLagMs = 0;
  let pokedAt: number | null = null;
  let expectedAt = now() + intervalMs;

  const probe = () => {
    const at = now();
    eventLoopLagMs = Math.max(0, at - expectedAt);
    expectedAt = at + intervalMs;
    if (pokedAt !== null) return;
    pokedAt = at;
    poke(() => {
      if (pokedAt !== null) threadPoolWaitMs = now() - pokedAt;
      pokedAt = null;
    });
  };
  const timer = setInterval(probe, intervalMs);
  // The probe alone never keeps the process alive.
  timer.unref();

  return {
    state(): ServingState {
      const waiting = pokedAt === null ? 0 : now() - pokedAt;
      const poolWait = Math.max(threadPoolWaitMs, waiting);
      return { inTime: poolWait <= slowMs && eventLoopLagMs <= slowMs, threadPoolWaitMs: Math.round(poolWait), eventLoopLagMs: Math.round(eventLoopLagMs) };
    },
    /** Runs one probe now (tests). */
    probe,
    stop: () => clearInterval(timer),
  };
}
