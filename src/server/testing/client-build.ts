import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The one entry every build's manifest has: a page names its script and stylesheet from it. */
export const ENTRY_ONLY_MANIFEST = { 'src/client/entry-client.tsx': { file: 'assets/entry-1.js', css: ['assets/entry-1.css'], isEntry: true } };

/**
 * A client build's folder for a server test (createTestApp's clientDir): Vite's manifest, which the server reads
 * the pages' scripts and stylesheets from, and any files beside it (path → content). `remove` deletes it.
 */
export function fakeClientBuild(
  prefix: string,
  manifest: Record<string, object> = ENTRY_ONLY_MANIFEST,
  files: Record<string, string | Uint8Array> = {},
): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const [path, content] of Object.entries({ '.vite/manifest.json': JSON.stringify(manifest), ...files })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
