import { CANDY_CATEGORIES, describeCandyCategory } from '../db/seed/candy-categories';
import { CANDY_LEAVES, type SkuSet } from '../db/seed/candy-products';
import { FLAVOURS } from '../db/seed/candy-texts';
import { CategoryIndex } from '../db/seed/categories';
import { GAMES_CATEGORIES, PLATFORMS, describeGamesCategory } from '../db/seed/games-platforms';
import { GENRES } from '../db/seed/games-texts';
import type { ShopVariant } from '../../shared/shop';

/** What a product picture shows. The games shop sells the first nine, the candy shop the last seven. */
export const ART_KINDS = [
  'cartridge', 'disc', 'console', 'handheld', 'controller', 'cable', 'adapter', 'memory-card', 'boxed',
  'bag', 'jar', 'box', 'tin', 'bar', 'lollipop', 'basket',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** Candy is drawn as it is sold: pick and mix in a jar, bagged sweets in bags, pastilles in tins, pieces as bars. */
const CANDY_KIND: Readonly<Record<SkuSet, ArtKind>> = {
  loose: 'jar', bag: 'bag', bar: 'bar', piece: 'bar', pastille: 'tin', box: 'box', basket: 'basket',
};
/** Leaves whose pieces are not bars. */
const CANDY_LEAF_KIND: Readonly<Record<string, ArtKind>> = { 'sweets/lollipops/lollipops': 'lollipop' };

/**
 * The database keeps no category keys, only localized aliases; the demo tree gives every category a unique
 * English alias, so the seed's own tree turns an alias back into its key.
 */
const keysByAlias = new Map<ShopVariant, Map<string, string>>();
function categoryKey(variant: ShopVariant, englishAlias: string): string | undefined {
  let keys = keysByAlias.get(variant);
  if (!keys) {
    const index = variant === 'games'
      ? new CategoryIndex(GAMES_CATEGORIES, describeGamesCategory)
      : new CategoryIndex(CANDY_CATEGORIES, describeCandyCategory);
    keys = new Map(index.all.map((c) => [c.alias.en, c.key]));
    keysByAlias.set(variant, keys);
  }
  return keys.get(englishAlias);
}

/** The platform all games and all consoles are drawn as. */
const UPPER_PLATFORM = 'snes';

function gamesKind(key: string): ArtKind {
  const [root, maker, platformKey] = key.split('/');
  const platform = PLATFORMS.find((p) => (platformKey ? p.key === platformKey : maker ? p.maker === maker : p.key === UPPER_PLATFORM));
  if (root === 'games') return platform?.media === 'disc' ? 'disc' : 'cartridge';
  if (root === 'consoles') return platform?.handheld ? 'handheld' : 'console';
  // Expansion paks, cameras and add-ons plug into a slot like a cartridge does.
  if (key === 'accessories/memory/expansions') return 'cartridge';
  if (key.startsWith('accessories/memory')) return 'memory-card';
  if (key.startsWith('accessories/care')) return 'boxed';
  if (key === 'accessories/cables/power') return 'adapter';
  if (key.startsWith('accessories/cables')) return 'cable';
  // Controllers, and the accessories as a whole: the accessory everyone recognises.
  return 'controller';
}

function candyKind(key: string): ArtKind | undefined {
  // A leaf knows how it is sold; an upper category is drawn like its first leaf.
  const leaf = CANDY_LEAVES.find((l) => l.key === key || l.key.startsWith(`${key}/`));
  return leaf ? (CANDY_LEAF_KIND[leaf.key] ?? CANDY_KIND[leaf.skuSet]) : undefined;
}

export interface ArtFacts {
  /** The variant the catalog was seeded as (shop_meta), null when it was not seeded. */
  readonly variant: ShopVariant | null;
  /** English alias of the product's primary category (or of the category itself). */
  readonly categoryAlias: string | null;
  /** Whether one of the product's conditions comes in the original box. */
  readonly boxed?: boolean;
  /** 1 for the first picture. A product sold boxed shows the box from its second picture on. */
  readonly picture?: number;
}

/** The one place that decides what a product's (or category's) picture shows. */
export function artKind({ variant, categoryAlias, boxed = false, picture = 1 }: ArtFacts): ArtKind {
  const fallback: ArtKind = variant === 'candy' ? 'box' : 'boxed';
  const key = variant && categoryAlias ? categoryKey(variant, categoryAlias) : undefined;
  if (!variant || !key) return fallback;
  if (variant === 'candy') return candyKind(key) ?? fallback;
  const kind = gamesKind(key);
  return boxed && picture > 1 && kind !== 'boxed' ? 'boxed' : kind;
}

export interface ArtDetailFacts {
  readonly variant: ShopVariant | null;
  readonly categoryAlias: string | null;
  /** The English Platform parameter (a platform's label), for accessories. */
  readonly platformLabel?: string | null;
  /** The English Genre parameter (games) or Flavour parameter (candy). */
  readonly genre?: string | null;
  readonly flavour?: string | null;
}

export interface ArtDetails {
  /** The platform key the object is drawn for (its cartridge shape, disc case, console), null when it fits many. */
  readonly platform: string | null;
  /** A genre key (games) or flavour key (candy): the motif and colours of the cover. */
  readonly motif: string | null;
}

/** Which platform's object and which cover motif a picture shows: from the category, else the parameters. */
export function artDetails({ variant, categoryAlias, platformLabel, genre, flavour }: ArtDetailFacts): ArtDetails {
  const key = variant && categoryAlias ? categoryKey(variant, categoryAlias) : undefined;
  if (variant === 'candy') {
    const motif = Object.entries(FLAVOURS).find(([, f]) => f.name.en === flavour)?.[0] ?? null;
    return { platform: null, motif };
  }
  const [root, maker, leaf] = key?.split('/') ?? [];
  const byPlatform = root === 'games' || root === 'consoles';
  // An upper category (all games, one maker's) is drawn as its best-known platform's object with a platformer's
  // cover: a generic drawing read as a missing picture on the home page's tiles.
  const upper = byPlatform && !leaf;
  const fromCategory = byPlatform
    ? (leaf ? PLATFORMS.find((p) => p.key === leaf) : PLATFORMS.find((p) => (maker ? p.maker === maker : p.key === UPPER_PLATFORM)))?.key
    : undefined;
  const platform = fromCategory ?? PLATFORMS.find((p) => p.label === platformLabel)?.key ?? null;
  const motif = Object.entries(GENRES).find(([, g]) => g.name.en === genre)?.[0] ?? (upper ? 'platform' : null);
  return { platform, motif };
}
