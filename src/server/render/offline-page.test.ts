import { describe, expect, it } from 'vitest';
import { STORAGE_WARM_UP } from '../../client/app/Document';
import { appOnFakeClientBuild } from '../testing/client-build';

/** The worker's offline page: the server renders it in the shop's frame, without the app's scripts. */
describe('the offline page', () => {
  // A build's manifest, so pages name their entry script and stylesheet.
  const shop = appOnFakeClientBuild('storefront-offline-page-');

  it('is in the frame with the menu, the stylesheet and the stored-pages script, but no app script', async () => {
    const res = await shop.app.fastify.inject({ url: '/offline.html', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/<html lang="sv">/);
    expect(res.body).toContain('Du är offline');
    expect(res.body).toContain('<header class="site-header');
    expect(res.body).toContain('href="/assets/entry-1.css"');
    expect(res.body).toContain('aria-labelledby="offline-menu-title"');
    // The footer's marks are drawn by the server (components/kept-list.tsx): the page runs no script to draw them.
    expect(res.body).toMatch(/<ul class="payment-logos"><li class="pay-mark"/);
    expect(res.body).toContain('caches.open("pages-v1")');
    expect(res.body).not.toContain('/assets/entry-1.js');
    expect(res.body).toContain('name="robots" content="noindex"');
    // No consent banner that no script could close.
    expect(res.body).not.toContain('cookie-consent');
    // Nor the head's warm-up, which is there for the app's first tasks.
    expect(res.body).not.toContain(STORAGE_WARM_UP);
    // Any other page keeps its scripts, and the warm-up in its head also where the build has no locale worker.
    const home = await shop.app.fastify.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain('/assets/entry-1.js');
    const nonce = /'nonce-([^']+)'/.exec(String(home.headers['content-security-policy']))?.[1];
    expect(home.body.slice(0, home.body.indexOf('</head>'))).toContain(`<script nonce="${nonce}">${STORAGE_WARM_UP}</script>`);
    expect(home.body).not.toContain('new Worker');
  });

  it('has nothing that needs the app script: no buttons or forms, the logo a plain link home and the retry a plain link', async () => {
    const res = await shop.app.fastify.inject({ url: '/offline.html', headers: { accept: 'text/html' } });
    const body = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(body).not.toMatch(/<button|<form|<input|<select/);
    // The header's logo, whose link the service worker answers offline too.
    expect(body).toMatch(/<header class="site-header[^"]*">[\s\S]*<a class="logo" href="\/"/);
    // An empty href: the address the page is shown under, asked for again.
    expect(body).toMatch(/<a class="button button--primary" href="">Försök igen<\/a>/);
    const en = await shop.app.fastify.inject({ url: '/en/offline.html', headers: { accept: 'text/html' } });
    expect(en.body).not.toMatch(/<button|<form|<input|<select/);
    expect(en.body).toMatch(/<a class="logo" href="\/en"/);
  });

  it('is English under /en', async () => {
    const res = await shop.app.fastify.inject({ url: '/en/offline.html', headers: { accept: 'text/html' } });
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.body).toContain('You&#x27;re offline');
  });
});
