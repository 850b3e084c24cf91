import { describe, expect, it } from 'vitest';
import { ART_KINDS } from './art-kind';
import { BOLD_ADVANCE, drawArt, fitText, type ArtInput } from './product-art';

const LONG_TITLES = [
  'The Legend of Zelda: A Link to the Past and Four Swords – Nintendo Players Choice Collectors Edition',
  'Ersättningsskal till Game Boy Color (lila) med knappar, skruvar och skärmlins i samma förpackning',
  'Supercalifragilisticexpialidociousandevenlongerwordthatneverbreaksanywhere at all',
  'Kort',
];
const PLATFORMS = ['nes', 'snes', 'n64', 'gb', 'gbc', 'gba', 'mega-drive', 'master-system', 'game-gear', 'atari-2600'];

/** The picture without its name: what is drawn, not what is written. */
const drawing = (svg: string) => svg.replace(/<text[^>]*>[^<]*<\/text>/g, '').replace(/ data-[a-z]+="[^"]*"/g, '');

/** Every text group's lines: the font size from the group, each line's x and text. */
function titleLines(svg: string): { size: number; x: number; text: string }[] {
  return [...svg.matchAll(/<g font-size="(\d+)"[^>]*>(.*?)<\/g>/g)].flatMap((group) =>
    [...group[2]!.matchAll(/<text x="([\d.]+)" y="\d+">([^<]*)<\/text>/g)].map((m) => ({ size: Number(group[1]), x: Number(m[1]), text: m[2]! })),
  );
}

describe('product art', () => {
  it('draws every kind differently, so a console does not look like a cartridge', () => {
    const objects = ART_KINDS.map((kind) => drawing(drawArt({ kind, seed: 'p1-1.svg', title: 'Same name', brand: 'Same brand' })));
    expect(new Set(objects).size).toBe(ART_KINDS.length);
  });

  it('draws each platform its own cartridge, disc case, console and controller', () => {
    const shapes = (kind: ArtInput['kind'], platforms: string[]) =>
      new Set(platforms.map((platform) => drawing(drawArt({ kind, seed: 'p1-1.svg', title: 'Same', platform }))).map((svg) => svg.slice(0, 900))).size;
    expect(shapes('cartridge', PLATFORMS)).toBe(PLATFORMS.length);
    expect(shapes('console', ['nes', 'snes', 'n64', 'gamecube', 'mega-drive', 'playstation', 'playstation-2', 'dreamcast'])).toBe(8);
    expect(shapes('controller', ['nes', 'snes', 'n64', 'gamecube', 'mega-drive', 'playstation', 'dreamcast', 'atari-2600'])).toBe(8);
    expect(shapes('handheld', ['gb', 'gba', 'game-gear'])).toBe(3);
    // A CD game comes in a square jewel case, a DVD-era game in a tall case.
    const jewel = drawArt({ kind: 'disc', seed: 'x', title: 'x', platform: 'playstation' });
    const dvd = drawArt({ kind: 'disc', seed: 'x', title: 'x', platform: 'playstation-2' });
    expect(jewel).toMatch(/<rect x="22" y="34" width="204" height="180"/);
    expect(dvd).toMatch(/<rect x="46" y="14" width="156" height="222"/);
  });

  it('gives twelve games of one platform twelve different covers, whatever their names', () => {
    for (const kind of ['cartridge', 'disc'] as const) {
      const covers = Array.from({ length: 12 }, (_, n) => drawing(drawArt({ kind, seed: `p${n + 1}-1.svg`, title: 'Same name', platform: kind === 'disc' ? 'saturn' : 'snes' })));
      expect(new Set(covers).size, kind).toBe(12);
    }
    const flavours = ['sour', 'licorice', 'chocolate'].map((motif) => drawing(drawArt({ kind: 'bag', seed: 'p1-1.svg', title: 'x', motif })));
    expect(new Set(flavours).size).toBe(3);
  });

  it('draws the same picture for the same product every time', () => {
    const input: ArtInput = { kind: 'disc', seed: 'p7-2.svg', title: 'Metroid', platform: 'gamecube', motif: 'shooter' };
    expect(drawArt(input)).toBe(drawArt({ ...input }));
  });

  it('fits every name, however long, on its label', () => {
    for (const title of LONG_TITLES) {
      for (const kind of ART_KINDS) {
        if (kind === 'cable' || kind === 'adapter') continue;
        const lines = titleLines(drawArt({ kind, seed: title, title, platform: 'snes' }));
        if (kind === 'console' || kind === 'handheld' || kind === 'controller' || kind === 'memory-card') continue;
        expect(lines.length, `${kind}: ${title}`).toBeGreaterThan(0);
        // At the generous width estimate of the wrap, each line fits within the picture around its centre.
        for (const l of lines) expect(l.text.length * l.size * BOLD_ADVANCE / 2, `${kind}: ${l.text}`).toBeLessThanOrEqual(Math.min(l.x, 248 - l.x));
      }
    }
  });

  it('sizes a short name large and ends a cut name with an ellipsis', () => {
    expect(fitText('Tetris', 140, 40, [15, 12, 10])).toEqual({ size: 15, lines: ['Tetris'] });
    const cut = fitText(LONG_TITLES[0]!, 140, 40, [15, 12, 10]);
    expect(cut.size).toBe(10);
    expect(cut.lines.at(-1)).toMatch(/…$/);
    expect(fitText(LONG_TITLES[2]!, 140, 40, [15, 12, 10]).lines[0]).toMatch(/…$/);
  });

  it('escapes the name and keeps each picture under 3 KB', () => {
    for (const kind of ART_KINDS) {
      for (const platform of [...PLATFORMS, 'playstation', 'playstation-2', 'gamecube', 'saturn', 'dreamcast']) {
        const svg = drawArt({ kind, seed: 'x', title: `${LONG_TITLES[0]} <&>`, brand: 'Mad Catz & Co', colour: 'Purple', platform, motif: 'sour' });
        expect(svg).not.toMatch(/<&>/);
        expect(Buffer.byteLength(svg), `${kind} ${platform}`).toBeLessThan(3072);
      }
    }
  });
});
