import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressResolver, trustedProxy } from './client-address';

const request = (remoteAddress: string, forwarded?: string) =>
  ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;

/** What Fastify's req.ip says for the same trustProxy, peer and header: the socket must agree with HTTP. */
async function fastifyIp(trustProxy: boolean | string[], remoteAddress: string, forwarded?: string): Promise<string> {
  const app = Fastify({ trustProxy });
  app.get('/', async (req) => req.ip);
  const res = await app.inject({ url: '/', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
  await app.close();
  return res.body;
}

const cases: [boolean | string[], string, string | undefined][] = [
  [false, '127.0.0.1', '203.0.113.1'],
  [true, '127.0.0.1', '203.0.113.1, 10.0.0.2'],
  [['127.0.0.1'], '127.0.0.1', '203.0.113.1'],
  [['127.0.0.1'], '198.51.100.1', '203.0.113.1'],
  [['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', '203.0.113.1, 198.51.100.7, 10.1.2.3'],
  [['loopback', 'uniquelocal'], '127.0.0.1', '203.0.113.1, 10.1.2.3'],
  [['127.0.0.1'], '127.0.0.1', undefined],
  [['::1'], '::1', '2001:db8::1'],
  // A server listening on :: sees IPv4 peers as IPv4-mapped addresses, and Fastify's req.ip keeps that form.
  [false, '::ffff:203.0.113.5', undefined],
  [['127.0.0.1'], '::ffff:127.0.0.1', '203.0.113.1'],
  [['127.0.0.1'], '::ffff:127.0.0.1', '::ffff:203.0.113.1'],
  // The netmask form proxy-addr (and so Fastify) accepts.
  [['127.0.0.1', '10.0.0.0/255.0.0.0'], '127.0.0.1', '203.0.113.1, 10.1.2.3'],
];

describe('client address over the socket', () => {
  it.each(cases)('follows TRUST_PROXY as Fastify does (trust %j, peer %s, X-Forwarded-For %s)', async (trust, peer, forwarded) => {
    expect(clientAddressResolver(trust)(request(peer, forwarded))).toBe(await fastifyIp(trust, peer, forwarded));
  });
});

describe('trusted proxy', () => {
  it('is a peer TRUST_PROXY trusts to name the client, in either form of an IPv4 address', () => {
    expect(trustedProxy(false)('127.0.0.1')).toBe(false);
    expect(trustedProxy(true)('203.0.113.1')).toBe(true);
    const trusted = trustedProxy(['127.0.0.3', '10.0.0.0/8']);
    expect(['127.0.0.3', '::ffff:127.0.0.3', '10.1.2.3'].map(trusted)).toEqual([true, true, true]);
    expect(['127.0.0.1', '203.0.113.1'].map(trusted)).toEqual([false, false]);
  });
});
