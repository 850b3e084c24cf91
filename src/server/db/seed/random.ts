/**
 * Deterministic randomness for the seed: the same variant and product count must always produce the same
 * catalog, so nothing here may read Math.random or the clock.
 */

/** FNV-1a: turns a readable seed label into a 32-bit integer. */
function hashSeed(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Weighted<T> {
  readonly value: T;
  readonly weight: number;
}

/** mulberry32: tiny, fast and good enough for shuffling catalog data (not for anything secret). */
export class Rng {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick called with an empty list');
    return item;
  }

  weighted<T>(items: readonly Weighted<T>[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let roll = this.next() * total;
    for (const item of items) {
      roll -= item.weight;
      if (roll < 0) return item.value;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('Rng.weighted called with an empty list');
    return last.value;
  }

  /** Fisher–Yates on a copy, so shared constant lists stay untouched. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy;
  }

  /** An independent stream, so adding draws to one part of the seed does not reshuffle every other part. */
  fork(label: string): Rng {
    return new Rng(hashSeed(`${label}:${this.state}`));
  }
}
