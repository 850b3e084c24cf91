import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** proxy-addr's names, which Fastify's trustProxy accepts too. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function trustedProxies(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/**
 * The client address of a request Fastify never sees (the WebSocket upgrade), decided as Fastify decides req.ip
 * with the same TRUST_PROXY: X-Forwarded-For counts only as far as the hops that set it are trusted.
 */
export function clientAddressResolver(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trusted = Array.isArray(trustProxy) ? trustedProxies(trustProxy) : null;
  const isTrusted = (address: string) => {
    if (trustProxy === true) return true;
    const plain = unmapped(address);
    const family = isIP(plain);
    return Boolean(trusted && family && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4'));
  };
  return (req) => {
    const peer = unmapped(req.socket.remoteAddress ?? '');
    if (!trustProxy) return peer;
    const header = req.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    // From the nearest hop outwards: the first address not set by a trusted proxy is the client.
    let address = peer;
    for (let i = forwarded.length - 1; i >= 0 && isTrusted(address); i--) address = unmapped(forwarded[i]!);
    return address;
  };
}
