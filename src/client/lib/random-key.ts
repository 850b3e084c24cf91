/**
 * A fresh idempotency key (or tab id): a UUID v4 where the browser makes one, otherwise 22 base64url characters of
 * 128 random bits. crypto.randomUUID exists only in secure contexts: over plain http on a LAN address (a tester's
 * phone on the office network) it is missing, while getRandomValues is always there. The server takes both forms.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
