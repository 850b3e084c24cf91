import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Cache-Control of a catalog read's 200 answer. Yoga answers a failed read (a timeout, a resolver's error)
 * with 200 and `errors`: kept, it would be served again offline in place of the catalog, so only a clean answer
 * may be stored (and an unreadable body counts as failed).
 */
export function catalogReadCacheControl(body: string): 'no-cache' | 'private, no-store' {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown } | null)?.errors;
    return errors === undefined || (Array.isArray(errors) && errors.length === 0) ? 'no-cache' : 'private, no-store';
  } catch {
    return 'private, no-store';
  }
}

/**
 * Which server answers. Built, this file is inside the server bundle's main chunk (dist/server/cli.js, which main.js
 * loads), so a deploy that changes any resolver changes every catalog tag even where the catalog did not; instances
 * of one build agree.
 */
export const serverBuild: string = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('base64url')
  .slice(0, 12);

export interface CatalogState {
  version: string;
  campaignBoundary: string | null;
}

/**
 * A catalog read's validator. The URL holds the query's hash and variables, so the catalog's state, the build and
 * the shop's variant (its theme and texts) are all the tag needs. Weak: the body's bytes differ with its
 * compression, its meaning does not.
 */
export function catalogEtag(state: CatalogState, variant: string, build: string = serverBuild): string {
  return `W/"${state.version}.${state.campaignBoundary ?? '0'}.${variant}.${build}"`;
}

/** Whether If-None-Match names this tag (the weak comparison revalidation uses; `*` names any). */
export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
