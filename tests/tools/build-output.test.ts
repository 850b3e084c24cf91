import { describe, expect, it } from 'vitest';
import { unexpectedLines } from './build-output';

/** Lines of a real `npm run build` (Vite 8.3, vite-plugin-pwa 2.0), sizes shortened to a few files. */
const QUIET_BUILD = `vite v8.3.8 building client environment for production...
transforming...
✓ 824 modules transformed.
rendering chunks...
computing gzip size...
dist/client/index.html                       2.31 kB │ gzip:  1.02 kB
dist/client/manifest.webmanifest             0.68 kB
dist/client/assets/index-B2mYkQ1a.css       21.40 kB │ gzip:  5.10 kB
dist/client/assets/app-CVX7Hohf.js         114.08 kB │ gzip: 14.06 kB │ map:   148.99 kB

✓ built in 10.96s

PWA v2.0.0
Building sw/sw.ts service worker ("iife" format)...
vite v8.3.8 building client environment for production...
transforming...
✓ 86 modules transformed.
rendering chunks...
computing gzip size...
dist/client/sw.js  31.75 kB │ gzip: 9.35 kB

✓ built in 1m 3.61s

PWA v2.0.0
mode      injectManifest
format:   iife
precache  49 entries (969.22 KiB)
files generated
  dist/client/sw.js
vite v8.3.8 building ssr environment for production...
transforming...
✓ 448 modules transformed.
rendering chunks...
computing gzip size...
dist/server/main.js                                   850.21 kB │ gzip: 243.90 kB │ map: 1,308.91 kB

✓ built in 1.13s
`;

describe('the production build output check (tests/tools/checked-build.ts, run by test:e2e)', () => {
  it('passes a build that prints only its progress, its sizes and the service worker summary', () => {
    expect(unexpectedLines(QUIET_BUILD)).toEqual([]);
  });

  it('catches warnings and the notes Rolldown prints without calling them warnings, colours stripped', () => {
    const noisy = [
      QUIET_BUILD,
      '(!) Some chunks are larger than 500 kB after minification.',
      '\u001b[33m[PLUGIN_TIMINGS] Warning:\u001b[39m Your build spent significant time in plugins.',
      'output.codeSplitting.groups[0].name is a function; set debugName to name the group in this message',
      'npm warn deprecated inflight@1.0.6',
    ].join('\n');
    expect(unexpectedLines(noisy)).toEqual([
      '(!) Some chunks are larger than 500 kB after minification.',
      '[PLUGIN_TIMINGS] Warning: Your build spent significant time in plugins.',
      'output.codeSplitting.groups[0].name is a function; set debugName to name the group in this message',
      'npm warn deprecated inflight@1.0.6',
    ]);
  });
});
