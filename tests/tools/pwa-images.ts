/**
 * Draws the web app's pictures into public/: for each shop variant (public/icons/<variant>/) the mark as SVG, the
 * icons (192 and 512, 'any' and maskable), the apple-touch-icon and favicon.ico, all from the header logo's mark
 * (src/shared/app-icons.ts); and a narrow and a wide screenshot of the running shop. Run after changing the logo or
 * the home page's look, and commit the files:
 *
 *   npm run build && npx tsx tests/tools/pwa-images.ts
 *   npx tsx tests/tools/pwa-images.ts --icons      (the icons only: no build needed)
 *
 * The maskable ones put the glyph on a full-bleed background inside the mask's safe zone (MASKABLE_GLYPH_SCALE).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { markSvg } from '../../src/shared/app-icons';
import { SHOP_VARIANTS } from '../../src/shared/shop';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../support/browser';
import { freePort } from '../support/server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = join(root, 'public');

async function renderPng(browser: Browser, svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `);
  await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

/** An .ico holding PNG images (every browser that asks for /favicon.ico reads those). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function icons(browser: Browser): Promise<void> {
  for (const variant of SHOP_VARIANTS) {
    const dir = join(publicDir, 'icons', variant);
    mkdirSync(dir, { recursive: true });
    const tile = markSvg(variant, 'tile');
    const maskable = markSvg(variant, 'maskable');
    writeFileSync(join(dir, 'icon.svg'), tile);
    for (const size of [192, 512]) {
      writeFileSync(join(dir, `icon-${size}.png`), await renderPng(browser, tile, size));
      writeFileSync(join(dir, `maskable-${size}.png`), await renderPng(browser, maskable, size));
    }
    // iOS draws its own rounded corners and puts transparency on black: the full-bleed square.
    writeFileSync(join(dir, 'apple-touch-icon.png'), await renderPng(browser, maskable, 180));
    const favicons = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await renderPng(browser, tile, size) })));
    writeFileSync(join(dir, 'favicon.ico'), ico(favicons));
  }
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
  if (!process.argv.includes('--icons')) await screenshots(browser);
} finally {
  await browser.close();
}
console.info('pwa-images: wrote public/icons and public/screenshots');
