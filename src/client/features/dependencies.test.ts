import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The linter keeps a feature's imports of another feature to that feature's index.ts, and import-x/no-cycle
 * finds file cycles. Two features that use each other through files their index.ts does not reach form no file
 * cycle, yet neither can change or move without the other: this finds those.
 */
const featuresDir = import.meta.dirname;

function featureOf(file: string): string | null {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..')) return null;
  const [feature, ...rest] = relative.split(path.sep);
  return rest.length ? (feature ?? null) : null;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Which features each feature imports (tests included: a test that needs another feature ties them too). A
 * feature's test kit (`*-test-kit.ts`: fixtures other features' tests may build with, as the lint allows) is data,
 * not behaviour, so using one ties nothing.
 */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file);
    if (!from) continue;
    const uses = graph.get(from) ?? new Set<string>();
    graph.set(from, uses);
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8')).importedFiles) {
      if (!fileName.startsWith('.') || fileName.endsWith('-test-kit')) continue;
      // A path inside the imported folder, so that '../cart' (its index.ts) counts as cart's.
      const to = featureOf(path.resolve(path.dirname(file), fileName, 'index.ts'));
      if (to && to !== from) uses.add(to);
    }
  }
  return graph;
}

/** Every cycle's features in order, found by depth-first search (each cycle reported once per start). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const visit = (feature: string, trail: string[]) => {
    for (const next of graph.get(feature) ?? []) {
      if (next === trail[0]) found.push([...trail, next]);
      else if (!trail.includes(next) && next > trail[0]!) visit(next, [...trail, next]);
    }
  };
  for (const feature of [...graph.keys()].sort()) visit(feature, [feature]);
  return found;
}

describe('client features', () => {
  it('do not depend on each other in a circle', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
