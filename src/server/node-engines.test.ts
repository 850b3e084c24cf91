import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

describe('the installed packages', () => {
  it('all declare that they run on the oldest Node the shop supports, so npm install warns about none', () => {
    const supported = semver.minVersion((read('package.json').engines as { node: string }).node)!;
    const packages = read('package-lock.json').packages as Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    const refusing = Object.entries(packages)
      .filter(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return path !== '' && range !== undefined && !semver.satisfies(supported, range);
      })
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
