import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './periodic-job';

/** A round that runs until released, so a test decides when it ends. */
function heldRounds() {
  const releases: (() => void)[] = [];
  let started = 0;
  return {
    get started() {
      return started;
    },
    run: () =>
      new Promise<void>((resolve) => {
        started++;
        releases.push(resolve);
      }),
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

const ticks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startPeriodicJob', () => {
  it('runs a round at once and then every interval', async () => {
    let rounds = 0;
    const job = startPeriodicJob({ intervalMs: 10, run: async () => void rounds++, onError: () => undefined });
    expect(rounds).toBe(1);
    await ticks(55);
    await job.stop();
    expect(rounds).toBeGreaterThanOrEqual(3);
  });

  it('skips the ticks that come while a round still runs, so rounds never overlap', async () => {
    const rounds = heldRounds();
    const job = startPeriodicJob({ intervalMs: 5, run: rounds.run, onError: () => undefined });
    await ticks(40);
    expect(rounds.started).toBe(1);
    rounds.releaseAll();
    await ticks(20);
    expect(rounds.started).toBeGreaterThan(1);
    rounds.releaseAll();
    await job.stop();
  });

  it('reports a failed round and tries again at the next tick', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const job = startPeriodicJob({
      intervalMs: 5,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('mail server down');
      },
      onError: (error) => errors.push(error),
    });
    await ticks(30);
    await job.stop();
    expect(errors).toEqual([new Error('mail server down')]);
    expect(calls).toBeGreaterThan(1);
  });

  it('stop() waits for the round in progress and no round starts after it', async () => {
    const rounds = heldRounds();
    const job = startPeriodicJob({ intervalMs: 5, run: rounds.run, onError: () => undefined });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await ticks(20);
    expect(stopped).toBe(false);
    rounds.releaseAll();
    await stopping;
    expect(stopped).toBe(true);
    await ticks(20);
    expect(rounds.started).toBe(1);
  });
});
