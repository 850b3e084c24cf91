import { stripVTControlCharacters } from 'node:util';

/**
 * The lines a production build is expected to print: Vite's progress, the file sizes and the PWA plugin's summary.
 * Anything else (a warning, a deprecation, a note such as Rolldown's "set debugName" or its [PLUGIN_TIMINGS]
 * report, which carry no "warn") is something a newcomer running `npm start` would see and not know what to do with.
 */
const expectedLines: readonly RegExp[] = [
  /^$/,
  /^vite v[\d.]+ building (client|ssr) environment for production\.\.\.$/,
  /^(transforming|rendering chunks|computing gzip size)\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  // "✓ built in 9.79s", "✓ built in 1m 16s" on a busy machine.
  /^✓ built in (\d+m )?[\d.]+m?s$/,
  // File sizes: "dist/client/assets/x.js  1.2 kB │ gzip: 0.5 kB │ map: 2 kB".
  /^\S+\.(js|css|json|webmanifest|map|html)\s+[\d.,]+ kB( │ gzip:\s+[\d.,]+ kB)?( │ map:\s+[\d.,]+ kB)?$/,
  /^Building sw\/sw\.ts service worker \("iife" format\)\.\.\.$/,
  /^PWA v[\d.]+$/,
  /^mode\s+injectManifest$/,
  /^format:\s+iife$/,
  /^precache\s+\d+ entries \([\d.,]+ KiB\)$/,
  /^files generated$/,
  /^\s+\S*sw\.js$/,
];

/** Every line of a build's output that is not one of the expected ones. */
export function unexpectedLines(output: string): string[] {
  // Rolldown colours its notes even when told not to.
  return stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !expectedLines.some((pattern) => pattern.test(line)));
}
