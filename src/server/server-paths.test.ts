import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from './testing/app';
import { SERVER_PATH_SEGMENTS, serverClaims } from '../shared/server-paths';

describe('the paths the server answers itself', () => {
  let app: TestApp;
  withTestApp('pglite', (opened) => ({ app } = opened));

  it("names the first segment of every route the app registers and every file of the client's public folder", () => {
    // printRoutes draws the route tree: the root's children are indented by four characters.
    const top = [...app.fastify.printRoutes({ commonPrefix: false }).matchAll(/^ {4}[├└]── (\S+)/gm)].map((m) => m[1]!);
    const firsts = top
      .filter((route) => route !== '*')
      .map((route) => route.split('/').filter(Boolean))
      .map((segments) => (segments[0] === 'en' ? segments[1] : segments[0]));
    expect(firsts.length).toBeGreaterThan(5);
    for (const segment of [...firsts, ...readdirSync('public')]) expect(SERVER_PATH_SEGMENTS, segment).toContain(segment);
  });

  it('claims those paths, in either language, and nothing else', () => {
    expect(serverClaims('/graphql')).toBe(true);
    expect(serverClaims('/en/mail')).toBe(true);
    expect(serverClaims('/images')).toBe(true);
    expect(serverClaims('/om-oss')).toBe(false);
    expect(serverClaims('/en/about-us')).toBe(false);
    expect(serverClaims('/l/images')).toBe(false);
  });
});
