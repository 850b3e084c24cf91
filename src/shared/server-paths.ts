import { channels, languageIds } from './locales';

/**
 * The first path segments the server answers itself, before any page route: its endpoints and the client's built
 * files (static, from the site root: `public/`, the build's `assets/` and the service worker). A content page or
 * list whose address began with one would never be reached, so its alias is refused on save. `src/server/server-paths.test.ts`
 * holds this list to the app's registered routes and to `public/`.
 */
export const SERVER_PATH_SEGMENTS: ReadonlySet<string> = new Set([
  'graphql',
  'healthz',
  'auth',
  'images',
  'mail',
  'dev',
  'manifest.webmanifest',
  'favicon.ico',
  'assets',
  'sw.js',
  'icons',
  'screenshots',
  'robots.txt',
]);

const languagePrefixes = new Set(languageIds.map((id) => channels[id].prefix.replace(/^\//, '')).filter(Boolean));

/** Whether the server itself answers the path: its first segment, or the first after a language prefix (/en/mail). */
export function serverClaims(path: string): boolean {
  const [first, second] = path.split('/').filter(Boolean);
  const own = first !== undefined && languagePrefixes.has(first) ? second : first;
  return own !== undefined && SERVER_PATH_SEGMENTS.has(own);
}
