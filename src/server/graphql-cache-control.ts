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
