import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appIcons, markSvg } from './app-icons';
import { SHOP_VARIANTS } from './shop';

const publicDir = join(import.meta.dirname, '..', '..', 'public');
const file = (path: string) => readFileSync(join(publicDir, path));

/** A PNG's size, from its header chunk. */
function pngSize(data: Buffer): string {
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;
}

/** The app's icons are the header logo's mark, drawn by tests/tools/pwa-images.ts and committed under public/. */
describe.each(SHOP_VARIANTS)('the %s shop’s app icons', (variant) => {
  const icons = appIcons(variant);

  it('the SVG icon is the logo’s mark', () => {
    expect(file(icons.svg).toString('utf8')).toBe(markSvg(variant));
  });

  it('every picture is there in its size', () => {
    for (const size of [192, 512] as const) {
      expect(pngSize(file(icons.any[size])), icons.any[size]).toBe(`${size}x${size}`);
      expect(pngSize(file(icons.maskable[size])), icons.maskable[size]).toBe(`${size}x${size}`);
    }
    expect(pngSize(file(icons.appleTouch))).toBe('180x180');
    const ico = file(icons.favicon);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
  });
});

/** A non-interlaced 8-bit RGB or RGBA PNG's pixels (what Chromium's screenshots are), row by row. */
function pngPixels(data: Buffer): { width: number; height: number; channels: number; pixels: Buffer } {
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  expect([data[24], data[28]], 'bit depth, interlace').toEqual([8, 0]);
  expect([2, 6], 'colour type').toContain(data[25]);
  const channels = data[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < data.length; ) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rgba = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? rgba[y * stride + x - channels]! : 0;
      const b = y > 0 ? rgba[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rgba[(y - 1) * stride + x - channels]! : 0;
      const paeth = () => {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const predictor = [0, a, b, (a + b) >> 1, paeth()][filter]!;
      rgba[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels: rgba };
}

describe.each(SHOP_VARIANTS)('the %s shop’s maskable icon', (variant) => {
  it('has only the brand colour outside the mask’s safe zone (the central circle of 80 %), and the glyph inside', () => {
    const { width, height, channels, pixels } = pngPixels(file(appIcons(variant).maskable[192]));
    const brand = [0xee, 0x3f, 0x6b, 0xff].slice(0, channels);
    let outside = 0;
    let glyph = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * channels;
        const pixel = [...pixels.subarray(at, at + channels)];
        const isBrand = pixel.every((value, i) => Math.abs(value - brand[i]!) <= 2);
        if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > 0.4 * width) {
          if (!isBrand) outside++;
        } else if (!isBrand) glyph++;
      }
    }
    expect(outside).toBe(0);
    expect(glyph).toBeGreaterThan(width * height * 0.05);
  });
});
