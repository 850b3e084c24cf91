import { describe, expect, it } from 'vitest';
import { CANDY_CATEGORIES, describeCandyCategory } from '../db/seed/candy-categories';
import { CategoryIndex } from '../db/seed/categories';
import { GAMES_CATEGORIES, describeGamesCategory } from '../db/seed/games-platforms';
import { artDetails, artKind, type ArtKind } from './art-kind';

const games = new CategoryIndex(GAMES_CATEGORIES, describeGamesCategory);
const candy = new CategoryIndex(CANDY_CATEGORIES, describeCandyCategory);
const gamesKind = (key: string, extra: { boxed?: boolean; picture?: number } = {}) =>
  artKind({ variant: 'games', categoryAlias: games.get(key).alias.en, ...extra });

describe('art kind', () => {
  it('draws each kind of games product as what it is', () => {
    const expected: Record<string, ArtKind> = {
      'games/nintendo/snes': 'cartridge',
      'games/nintendo/gb': 'cartridge',
      'games/sony/playstation': 'disc',
      'games/sega/dreamcast': 'disc',
      'consoles/nintendo/n64': 'console',
      'consoles/sega/game-gear': 'handheld',
      'consoles/nintendo/gba': 'handheld',
      'accessories/controllers/sony': 'controller',
      'accessories/cables/power': 'adapter',
      'accessories/cables/av': 'cable',
      'accessories/cables/link': 'cable',
      'accessories/memory/memory-cards': 'memory-card',
      'accessories/care/cases': 'boxed',
      games: 'cartridge',
      consoles: 'console',
      accessories: 'controller',
    };
    for (const [key, kind] of Object.entries(expected)) expect(gamesKind(key), key).toBe(kind);
  });

  it('shows the box from the second picture of a product sold complete in box', () => {
    expect(gamesKind('games/nintendo/snes', { boxed: true, picture: 1 })).toBe('cartridge');
    expect(gamesKind('games/nintendo/snes', { boxed: true, picture: 2 })).toBe('boxed');
    expect(gamesKind('consoles/nintendo/n64', { boxed: false, picture: 2 })).toBe('console');
  });

  it('draws every candy category as it is sold: jar, bag, tin, bar, lollipop, box or basket', () => {
    const kinds = candy.all.map((c) => artKind({ variant: 'candy', categoryAlias: c.alias.en }));
    expect(new Set(kinds)).toEqual(new Set(['jar', 'bag', 'tin', 'bar', 'lollipop', 'box', 'basket']));
    const kindOf = (key: string) => artKind({ variant: 'candy', categoryAlias: candy.get(key).alias.en });
    expect(kindOf('chocolate/bars/dark')).toBe('bar');
    expect(kindOf('sweets/loose/sour')).toBe('jar');
    expect(kindOf('sweets/bagged/wine-gums')).toBe('bag');
    expect(kindOf('sweets/bagged/pastilles')).toBe('tin');
    expect(kindOf('sweets/lollipops/lollipops')).toBe('lollipop');
    expect(kindOf('gifts/chocolate-boxes/classic')).toBe('box');
    expect(kindOf('gifts/baskets/themed')).toBe('basket');
  });

  it('finds the platform from the category, else from the Platform parameter, and the motif from genre or flavour', () => {
    const alias = (key: string) => games.get(key).alias.en;
    expect(artDetails({ variant: 'games', categoryAlias: alias('games/sony/playstation-2'), genre: 'Racing' })).toEqual({ platform: 'playstation-2', motif: 'racing' });
    expect(artDetails({ variant: 'games', categoryAlias: alias('consoles/sega/mega-drive') })).toEqual({ platform: 'mega-drive', motif: null });
    expect(artDetails({ variant: 'games', categoryAlias: alias('accessories/controllers/nintendo'), platformLabel: 'Nintendo 64' }).platform).toBe('n64');
    expect(artDetails({ variant: 'games', categoryAlias: alias('accessories/care/cleaning'), platformLabel: 'Multiple' }).platform).toBeNull();
    expect(artDetails({ variant: 'candy', categoryAlias: candy.get('licorice/salty/salmiak').alias.en, flavour: 'Salty' })).toEqual({ platform: null, motif: 'salty' });
  });

  it("draws an upper category (the home page's tiles) as its best-known platform's object, not a generic picture", () => {
    const alias = (key: string) => games.get(key).alias.en;
    const kindOf = (key: string) => artKind({ variant: 'games', categoryAlias: alias(key) });
    expect(artDetails({ variant: 'games', categoryAlias: alias('games') })).toEqual({ platform: 'snes', motif: 'platform' });
    expect(kindOf('games')).toBe('cartridge');
    expect(artDetails({ variant: 'games', categoryAlias: alias('games/sony') })).toEqual({ platform: 'playstation', motif: 'platform' });
    expect(kindOf('games/sony')).toBe('disc');
    expect(artDetails({ variant: 'games', categoryAlias: alias('consoles/sega') }).platform).toBe('master-system');
    expect(kindOf('consoles')).toBe('console');
  });

  it('draws a plain box for categories the demo tree does not know', () => {
    expect(artKind({ variant: 'games', categoryAlias: 'no-such-category' })).toBe('boxed');
    expect(artKind({ variant: 'candy', categoryAlias: null })).toBe('box');
    expect(artKind({ variant: null, categoryAlias: 'consoles' })).toBe('boxed');
  });
});
