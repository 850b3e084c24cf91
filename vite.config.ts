import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// One config for three builds: the client (+ service worker), the server bundle (--ssr), and Vitest.
export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'public',
  plugins: [
    react(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        injectRegister: false,
        // The server renders every page, so there is no index.html: the worker precaches the hashed assets
        // and the server-rendered shell it fetches itself (see sw/sw.ts).
        injectManifest: { globPatterns: ['**/*.{js,css}'], globIgnores: ['**/node_modules/**'] },
        manifest: {
          id: '/',
          name: 'Retro Spelbutiken',
          short_name: 'Retro',
          description: 'Retrospel, konsoler och tillbehör – rengjorda och testade.',
          lang: 'sv',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#EE3F6B',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
  ],
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', sourcemap: true, emptyOutDir: true }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        rolldownOptions: { input: 'src/client/entry-client.tsx' },
      },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}));
