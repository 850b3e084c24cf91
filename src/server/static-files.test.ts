import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appOnFakeClientBuild } from './testing/client-build';

/** What the build's files travel with: every byte of a header counts on a first visit over 2G. */
describe('static files', () => {
  const script = 'export const shop = "retro";'.repeat(80);
  const shop = appOnFakeClientBuild(
    'storefront-static-',
    { 'src/client/entry-client.tsx': { file: 'assets/shell-abc123.js', isEntry: true } },
    {
      'assets/shell-abc123.js': script,
      'assets/shell-abc123.js.br': brotliCompressSync(script),
      'sw.js': 'self.addEventListener("fetch", () => {});',
    },
  );

  it('a hashed script is precompressed, immutable, and carries only the headers that mean something on a script', async () => {
    const res = await shop.app.fastify.inject({ url: '/assets/shell-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Never asked again under its name: no validator, and not logged, so no request id that would lead nowhere.
    for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'last-modified', 'etag', 'x-request-id', 'accept-ranges']) {
      expect(res.headers[header], header).toBeUndefined();
    }
  });

  it('the service worker and the pages keep the whole policy (a worker takes its CSP from its own script)', async () => {
    const worker = await shop.app.fastify.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Revalidated on every visit: its validator stays.
    expect(worker.headers.etag).toBeTruthy();
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(worker.headers['x-frame-options']).toBe('SAMEORIGIN');
    const page = await shop.app.fastify.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it("a product picture carries a picture's policy, which lets it run and load nothing, and none of a page's headers", async () => {
    const res = await shop.app.fastify.inject({ url: '/images/p1-1.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'x-dns-prefetch-control', 'origin-agent-cluster', 'x-request-id']) {
      expect(res.headers[header], header).toBeUndefined();
    }
    const headerBytes = Object.entries(res.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    expect(headerBytes).toBeLessThan(500);
  });
});
