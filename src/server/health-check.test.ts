import { describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { migrations } from './db/migrate';
import { createHealthCheck } from './health-check';

/** A database whose next answer to the migration check the test decides: passed, failed, or never. */
function controlledDb() {
  let answer: () => Promise<unknown[]> = async () => migrations.map((m) => ({ name: m.name }));
  const db = { query: () => answer() } as unknown as Db;
  return {
    db,
    migrated: () => (answer = async () => migrations.map((m) => ({ name: m.name }))),
    busy: () => (answer = () => new Promise(() => undefined)),
    failing: () => (answer = async () => Promise.reject(new Error('connection refused'))),
  };
}

describe('the /healthz check', () => {
  it('answers from a recent passed check while the database is too busy to answer in time', async () => {
    const control = controlledDb();
    let now = 0;
    const healthy = createHealthCheck(control.db, { waitMs: 10, maxAgeMs: 1_000, now: () => now });
    expect(await healthy()).toBe(true);
    control.busy();
    now = 500;
    expect(await healthy()).toBe(true);
    now = 1_500;
    expect(await healthy()).toBe(false);
  });

  it('recovers after a check that never settles (a hung connection) once the database answers again', async () => {
    const control = controlledDb();
    let now = 0;
    const healthy = createHealthCheck(control.db, { waitMs: 10, firstWaitMs: 10, maxAgeMs: 1_000, now: () => now });
    expect(await healthy()).toBe(true);
    control.busy();
    now = 1_500;
    expect(await healthy()).toBe(false);
    control.migrated();
    now = 3_000;
    expect(await healthy()).toBe(true);
  });

  it('waits for the first check rather than answer unhealthy while the database is slow to connect', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const db = { query: async () => (await slow, migrations.map((m) => ({ name: m.name }))) } as unknown as Db;
    const healthy = createHealthCheck(db, { waitMs: 10, firstWaitMs: 1_000 });
    const answer = healthy();
    setTimeout(release, 50);
    expect(await answer).toBe(true);
  });

  it('is unhealthy as soon as a check fails', async () => {
    const control = controlledDb();
    const healthy = createHealthCheck(control.db, { waitMs: 10 });
    expect(await healthy()).toBe(true);
    control.failing();
    expect(await healthy()).toBe(false);
    control.migrated();
    expect(await healthy()).toBe(true);
  });
});
