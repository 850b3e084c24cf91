/**
 * Draws the web app manifest's pictures into public/: the icons (192 and 512, 'any' and maskable), the
 * apple-touch-icon, and a narrow and a wide screenshot of the running shop. Run after changing the logo or the
 * home page's look, and commit the PNGs:
 *
 *   npm run build && npx tsx tests/tools/pwa-images.ts
 *
 * Icons come from public/icons/icon.svg; the maskable ones put the same glyph on a full-bleed background inside
 * the central 60 % (the mask's safe zone is a circle of 80 %), so no launcher's mask cuts it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../support/browser';
import { freePort } from '../support/server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = join(root, 'public');
const THEME = '#EE3F6B';

/** The logo's glyph (the cartridge) without its rounded tile, for the maskable icons. */
function glyphOf(svg: string): string {
  return svg.replace(/<rect[^>]*\/>/, '').replace(/<\/?svg[^>]*>/g, '');
}

async function renderIcon(browser: Browser, html: string, size: number, file: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: join(publicDir, file), omitBackground: true });
  await page.close();
}

async function icons(browser: Browser): Promise<void> {
  const svg = readFileSync(join(publicDir, 'icons/icon.svg'), 'utf8');
  const any = (size: number) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  const maskable = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${THEME}"/>` +
    `<g transform="translate(20 20) scale(0.6)">${glyphOf(svg)}</g></svg>`;
  for (const size of [192, 512]) {
    await renderIcon(browser, any(size), size, `icons/icon-${size}.png`);
    await renderIcon(browser, maskable(size), size, `icons/maskable-${size}.png`);
  }
  // iOS draws its own rounded corners and puts transparency on black: the full-bleed tile.
  await renderIcon(browser, maskable(180), 180, 'icons/apple-touch-icon.png');
}

async function screenshots(browser: Browser): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-pwa-images-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      if (i > 240) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    mkdirSync(join(publicDir, 'screenshots'), { recursive: true });
    const shots = [
      { file: 'screenshots/narrow.png', viewport: { width: 360, height: 720 }, scale: 1.5, mobile: true },
      { file: 'screenshots/wide.png', viewport: { width: 1280, height: 800 }, scale: 1, mobile: false },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.scale, isMobile: shot.mobile, hasTouch: shot.mobile });
      // The consent banner would cover the page: a stored "no" hides it.
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'false', url: base }]);
      const page = await context.newPage();
      await page.goto(base, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(publicDir, shot.file) });
      await context.close();
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS });
try {
  await icons(browser);
  await screenshots(browser);
} finally {
  await browser.close();
}
console.info('pwa-images: wrote public/icons and public/screenshots');
