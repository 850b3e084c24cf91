import { campaignsFor } from './campaigns';
import { GAMES_BRANDS } from './games-brands';
import { gameDraft, hardwareDraft, type TitleEntry } from './games-drafts';
import { ACCESSORIES, CONSOLES, CONTROLLERS, type HardwareItem } from './games-hardware';
import { GAMES_CATEGORIES, PLATFORMS, describeGamesCategory } from './games-platforms';
import { GENRE_KEYS, type GenreKey, type Region } from './games-texts';
import { generateTitle } from './games-title-words';
import { NINTENDO_TITLES } from './games-titles-nintendo';
import { OTHER_TITLES } from './games-titles-other';
import type { Rng } from './random';
import type { ProductDraft, VariantCatalog } from './types';

const REGION_CODES: Readonly<Record<string, Region>> = { P: 'PAL', U: 'NTSC-U', J: 'NTSC-J' };
const ALL_REGIONS: readonly Region[] = ['PAL', 'NTSC-U', 'NTSC-J'];
const BRAND_KEYS = new Set(GAMES_BRANDS.map((b) => b.key));

function isGenre(value: string): value is GenreKey {
  return (GENRE_KEYS as readonly string[]).includes(value);
}

/** Parses the title lists, failing loudly on a typo so a bad line never reaches the database. */
function realTitles(): TitleEntry[] {
  const entries: TitleEntry[] = [];
  for (const platform of PLATFORMS) {
    const block = NINTENDO_TITLES[platform.key] ?? OTHER_TITLES[platform.key] ?? '';
    const lines = block.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    lines.forEach((line, rank) => {
      const [title, brandKey, genre, year, players, regionCodes] = line.split('|');
      if (!title || !brandKey || !genre || !year || !players) throw new Error(`Bad title line: ${line}`);
      if (!BRAND_KEYS.has(brandKey)) throw new Error(`Unknown brand in: ${line}`);
      if (!isGenre(genre)) throw new Error(`Unknown genre in: ${line}`);
      const regions = regionCodes
        ? [...regionCodes].map((code) => REGION_CODES[code]).filter((r): r is Region => r !== undefined)
        : ALL_REGIONS;
      entries.push({
        platform, title, brandKey, genre, year: Number(year), players, regions,
        // The lists are written most famous first.
        popularity: 1 - (0.7 * rank) / Math.max(1, lines.length),
      });
    });
  }
  return entries;
}

const GENRE_WEIGHTS: Readonly<Record<GenreKey, number>> = {
  platform: 14, action: 12, rpg: 10, racing: 10, sports: 10, shooter: 8, adventure: 8, fighting: 6,
  puzzle: 6, strategy: 4, arcade: 4, horror: 3, simulation: 3, party: 2, music: 2,
};

function generatedTitle(rng: Rng): TitleEntry {
  const platform = rng.pick(PLATFORMS);
  const genre = rng.weighted(GENRE_KEYS.map((key) => ({ value: key, weight: GENRE_WEIGHTS[key] })));
  const players = genre === 'party' ? '1–4' : genre === 'rpg' || genre === 'adventure' ? '1' : rng.pick(['1', '1–2', '1–2', '1–4']);
  return {
    platform,
    title: generateTitle(rng, genre),
    brandKey: rng.pick(platform.publishers),
    genre,
    year: rng.int(platform.years[0], platform.years[1]),
    players,
    regions: ALL_REGIONS,
    popularity: 0.05 + rng.next() * 0.3,
  };
}

type Kind = 'game' | 'console' | 'controller' | 'accessory';
const KIND_WEIGHTS = [
  { value: 'game' as Kind, weight: 70 },
  { value: 'console' as Kind, weight: 8 },
  { value: 'controller' as Kind, weight: 9 },
  { value: 'accessory' as Kind, weight: 13 },
];

export const gamesCatalog: VariantCatalog = {
  variant: 'games',
  vatRate: 25,
  articlePrefix: 'RG',
  categories: GAMES_CATEGORIES,
  describeCategory: describeGamesCategory,
  brands: GAMES_BRANDS,
  campaigns: campaignsFor('games'),
  createDrafter(rng: Rng): () => ProductDraft {
    const titles = rng.shuffle(realTitles());
    const hardware: Record<Exclude<Kind, 'game'>, HardwareItem[]> = {
      console: rng.shuffle(CONSOLES),
      controller: rng.shuffle(CONTROLLERS),
      accessory: rng.shuffle(ACCESSORIES),
    };
    return () => {
      const kind = rng.weighted(KIND_WEIGHTS);
      // Each real item is sold once; when a hardware list runs out the slot becomes a game instead.
      const item = kind === 'game' ? undefined : hardware[kind].shift();
      if (item) return hardwareDraft(rng, item, item.kind === 'console' ? 0.4 + rng.next() * 0.5 : 0.2 + rng.next() * 0.5);
      return gameDraft(rng, titles.shift() ?? generatedTitle(rng));
    };
  },
};
