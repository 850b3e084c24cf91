import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The trust function Fastify compiles from its trustProxy option (lib/request.js), for the values env.ts gives. */
function compileTrust(trustProxy: boolean | string[]): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  return proxyAddr.compile(trustProxy === false ? [] : trustProxy);
}

/**
 * The client address of a request Fastify never sees (the WebSocket upgrade), decided by the library Fastify's
 * req.ip uses, with the same TRUST_PROXY compiled the same way, so both paths name the same client.
 */
export function clientAddressResolver(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  // Without trustProxy Fastify takes the peer address as it is.
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trust = compileTrust(trustProxy);
  return (req) => proxyAddr(req, trust);
}

/**
 * Whether a peer is a proxy TRUST_PROXY trusts to name the client in X-Forwarded-For. Its connections carry many
 * clients, which only its headers tell apart, so nothing may count them as one client's before reading those.
 */
export function trustedProxy(trustProxy: boolean | string[]): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  const trust = compileTrust(trustProxy);
  return (address) => trust(address, 0);
}
