import { describe, expect, it } from 'vitest';
import { ART_KINDS } from './art-kind';
import { BRAND_BASELINE, BRAND_SIZE, TITLE_BOTTOM, drawArt, fitTitle } from './product-art';

const LONG_TITLES = [
  'The Legend of Zelda: A Link to the Past and Four Swords – Nintendo Players Choice Collectors Edition',
  'Ersättningsskal till Game Boy Color (lila) med knappar, skruvar och skärmlins i samma förpackning',
  'Supercalifragilisticexpialidociousandevenlongerwordthatneverbreaksanywhere at all',
  'Kort',
];

/** The title's text elements: font size from its group, baseline from each line. */
function titleLines(svg: string): { size: number; y: number; text: string }[] {
  const group = /<g [^>]*font-size="(\d+)">(.*?)<\/g>/.exec(svg);
  if (!group) return [];
  return [...group[2]!.matchAll(/<text x="124" y="(\d+)">([^<]*)<\/text>/g)].map((m) => ({ size: Number(group[1]), y: Number(m[1]), text: m[2]! }));
}

function brandLine(svg: string): { y: number; size: number; text: string } | undefined {
  const m = /<text x="124" y="(\d+)" text-anchor="middle" font-family="[^"]*" font-size="(\d+)"[^>]*>([^<]*)<\/text>/.exec(svg);
  return m ? { y: Number(m[1]), size: Number(m[2]), text: m[3]! } : undefined;
}

describe('product art', () => {
  it('draws every kind differently, so a console does not look like a cartridge', () => {
    const objects = ART_KINDS.map((kind) =>
      drawArt({ kind, seed: 'p1-1.svg', title: 'Same name', brand: 'Same brand' }).replace(/ data-kind="[^"]*"/, ''),
    );
    expect(new Set(objects).size).toBe(ART_KINDS.length);
    expect(objects[ART_KINDS.indexOf('console')]).not.toBe(objects[ART_KINDS.indexOf('cartridge')]);
  });

  it('keeps every title, however long, above the brand line and within the picture', () => {
    for (const title of LONG_TITLES) {
      for (const kind of ART_KINDS) {
        const svg = drawArt({ kind, seed: title, title, brand: 'Nintendo' });
        const lines = titleLines(svg);
        const brand = brandLine(svg);
        expect(lines.length, title).toBeGreaterThan(0);
        expect(brand?.text).toBe('Nintendo');
        for (const l of lines) {
          // Descenders reach about a quarter of the size below the baseline.
          expect(l.y + l.size * 0.25).toBeLessThanOrEqual(TITLE_BOTTOM);
          expect(l.y + l.size * 0.25).toBeLessThan(brand!.y - brand!.size);
          // At the generous width estimate of the wrap, a line fits the 216 px text column.
          expect(l.text.length * l.size * 0.62).toBeLessThanOrEqual(216);
        }
        expect(brand!.y).toBe(BRAND_BASELINE);
        expect(brand!.size).toBe(BRAND_SIZE);
      }
    }
  });

  it('sizes a short title large and ends a cut title with an ellipsis', () => {
    expect(fitTitle('Tetris')).toEqual({ size: 18, lines: ['Tetris'] });
    const cut = fitTitle(LONG_TITLES[0]!);
    expect(cut.size).toBeLessThan(18);
    expect(cut.lines.at(-1)).toMatch(/…$/);
    expect(fitTitle(LONG_TITLES[2]!).lines[0]).toMatch(/…$/);
  });

  it('escapes the name and keeps each picture under 2 KB', () => {
    for (const kind of ART_KINDS) {
      const svg = drawArt({ kind, seed: 'x', title: `${LONG_TITLES[0]} <&>`, brand: 'Mad Catz & Co', colour: 'Purple' });
      expect(svg).not.toMatch(/<&>/);
      expect(Buffer.byteLength(svg)).toBeLessThan(2048);
    }
  });
});
