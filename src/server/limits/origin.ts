import type { IncomingMessage } from 'node:http';

/**
 * Whether a WebSocket upgrade comes from the shop's own pages. Browsers send Origin on every upgrade and let any
 * page open a socket to any host, so without this check another site could use a visitor's connection. Clients
 * that are no browser send none, and gain nothing by lying about it, so a missing Origin is let through.
 */
export function isAllowedOrigin(req: IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (publicUrl) return origin === new URL(publicUrl).origin;
  // Without PUBLIC_URL the scheme is unknown behind a TLS-terminating proxy, so the host alone decides.
  const host = req.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
