const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`);

/**
 * A Host header that names a host (a DNS name, IPv4 or bracketed IPv6 address, with an optional port), or
 * none at all (HTTP/1.0). Anything else is a broken or hostile client and gets 400 before any route runs.
 */
export function isWellFormedHost(host: string | undefined): boolean {
  return host === undefined || (host.length <= 261 && HOST.test(host));
}
