import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under, for every per-address limit (HTTP and socket alike). One IPv6
 * host is given a whole /64, so counting its addresses one by one would give it unlimited budgets: the /64 is
 * one client. An IPv4-mapped IPv6 address (what req.ip is when the server listens on ::) is its IPv4 address.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
