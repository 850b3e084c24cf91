import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server built as `npm run build` builds it, for tests that start real server processes: Vitest runs before
 * the build, and Node cannot run main.ts from source (it imports SQL, GraphQL and CSS files through Vite). A second
 * or two. The folder is inside the project's dist/, where the bundle's imports resolve to node_modules; `remove`
 * deletes it.
 */
export function buildServerBundle(): { bundle: string; dir: string; remove(): void } {
  const dir = join('dist', `server-test-${process.pid}-${randomBytes(3).toString('hex')}`);
  const build = spawnSync(join('node_modules', '.bin', 'vite'), ['build', '--ssr', 'src/server/main.ts', '--outDir', dir, '--logLevel', 'error'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  return { bundle: join(dir, 'main.js'), dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
