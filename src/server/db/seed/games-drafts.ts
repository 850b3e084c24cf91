import { GAMES_BRANDS } from './games-brands';
import type { HardwareItem } from './games-hardware';
import { PLATFORMS, type Platform } from './games-platforms';
import { GENRES, RETURNS_PROMISE, playersSentence, regionSentence, type GenreKey, type Region } from './games-texts';
import { shelfPriceMinor } from './pricing';
import type { Rng } from './random';
import type { Localized, ParameterDraft, ProductDraft, SkuDraft } from './types';

const MIN_PRICE = 9_900;
export const MAX_PRICE = 299_900;

export interface TitleEntry {
  readonly platform: Platform;
  readonly title: string;
  readonly brandKey: string;
  readonly genre: GenreKey;
  readonly year: number;
  readonly players: string;
  /** Regions the game was actually released in. */
  readonly regions: readonly Region[];
  readonly popularity: number;
}

const BRAND_NAMES = new Map(GAMES_BRANDS.map((b) => [b.key, b.name]));

export function brandName(key: string): string {
  const name = BRAND_NAMES.get(key);
  if (name === undefined) throw new Error(`Unknown games brand ${key}`);
  return name;
}

function platformOf(key: string): Platform {
  const platform = PLATFORMS.find((pl) => pl.key === key);
  if (!platform) throw new Error(`Unknown platform ${key}`);
  return platform;
}

function param(sv: string, en: string, value: Localized): ParameterDraft {
  return { name: { sv, en }, value };
}

function sku(sv: string, en: string, kr: number): SkuDraft {
  return { name: { sv, en }, priceMinor: shelfPriceMinor(kr, MIN_PRICE, MAX_PRICE) };
}

/** The conditions that come with the original box (or sealed in it); the product pictures show the box for these. */
export const BOXED = {
  inBox: { sv: 'Komplett i kartong', en: 'Complete in box' },
  withManual: { sv: 'Komplett med manual', en: 'Complete with manual' },
  sealed: { sv: 'Ny och inplastad', en: 'New and sealed' },
} as const satisfies Record<string, Localized>;

const boxedSku = (name: Localized, kr: number) => sku(name.sv, name.en, kr);

function join(...parts: Localized[]): Localized {
  return { sv: parts.map((p) => p.sv).join(' '), en: parts.map((p) => p.en).join(' ') };
}

/** Most stock is PAL, as in any Swedish second-hand shop; imports are a minority. */
function pickRegion(rng: Rng, allowed: readonly Region[]): Region {
  const weights: Record<Region, number> = { PAL: 78, 'NTSC-U': 10, 'NTSC-J': 12 };
  return rng.weighted(allowed.map((region) => ({ value: region, weight: weights[region] })));
}

export function gameDraft(rng: Rng, entry: TitleEntry): ProductDraft {
  const { platform, title, genre: genreKey, year, players } = entry;
  const genre = GENRES[genreKey];
  const brand = brandName(entry.brandKey);
  const region = pickRegion(rng, entry.regions);
  const importFactor = region === 'PAL' ? 1 : 0.85;
  // Famous titles cost several times more than obscure ones; most loose games land between 99 and 499 kr.
  const looseKr = (80 + 260 * entry.popularity ** 2 * (0.5 + rng.next())) * platform.priceFactor * importFactor;
  const count = rng.weighted([{ value: 1, weight: 35 }, { value: 2, weight: 45 }, { value: 3, weight: 20 }]);
  const disc = platform.media === 'disc';
  const skus: SkuDraft[] = [
    disc ? sku('Skiva och fodral', 'Disc and case', looseKr) : sku('Endast kassett', 'Cartridge only', looseKr),
  ];
  if (count >= 2) {
    const cibKr = looseKr * (1.7 + rng.next() * 0.8);
    skus.push(boxedSku(disc ? BOXED.withManual : BOXED.inBox, cibKr));
  }
  if (count >= 3) skus.push(boxedSku(BOXED.sealed, looseKr * (4 + rng.next() * 3)));

  const blurb = rng.pick(genre.blurbs);
  const media = disc ? { sv: 'skivan', en: 'disc' } : { sv: 'kassetten', en: 'cartridge' };
  return {
    name: { sv: title, en: title },
    brandKey: entry.brandKey,
    categoryKey: `games/${platform.maker}/${platform.key}`,
    aliasSuffixes: [{ sv: platform.label, en: platform.label }, { sv: `${platform.label} ${region}`, en: `${platform.label} ${region}` }],
    parameters: [
      param('Plattform', 'Platform', { sv: platform.label, en: platform.label }),
      param('Region', 'Region', { sv: region, en: region }),
      param('Genre', 'Genre', genre.name),
      param('Spelare', 'Players', { sv: players, en: players }),
    ],
    skus,
    description: join(
      {
        sv: `${title} är ${genre.phrase.sv} till ${platform.fullName} som gavs ut av ${brand} ${year}.`,
        en: `${title} is ${genre.phrase.en} for the ${platform.fullName}, published by ${brand} in ${year}.`,
      },
      blurb,
      playersSentence(players),
      {
        sv: 'Som alla våra spel är exemplaret rengjort och testat innan det skickas.',
        en: 'Like all our games, this copy has been cleaned and tested before it ships.',
      },
    ),
    specification: join(regionSentence(region, platform), {
      sv: `Originalutgåvan kom ${year} och antalet spelare är ${players}.`,
      en: `The original release came out in ${year} and the number of players is ${players}.`,
    }),
    extraInformation: join(
      // Only a product with several conditions has a condition picker to point at.
      skus.length > 1
        ? {
            sv: `Välj skick ovan: ${skus.map((s) => s.name.sv.toLowerCase()).join(', ')}.`,
            en: `Choose the condition above: ${skus.map((s) => s.name.en.toLowerCase()).join(', ')}.`,
          }
        : { sv: `Skick: ${skus[0]!.name.sv.toLowerCase()}.`, en: `Condition: ${skus[0]!.name.en.toLowerCase()}.` },
      disc
        ? { sv: 'Skivan är kontrollerad och fri från djupa repor.', en: 'The disc has been checked and is free from deep scratches.' }
        : {
            sv: `Kontakterna på ${media.sv} är rengjorda och eventuell sparfunktion är kontrollerad.`,
            en: `The ${media.en} contacts have been cleaned and any save function has been checked.`,
          },
      RETURNS_PROMISE,
    ),
    popularity: entry.popularity,
    stockProfile: 'collectible',
  };
}

const WARRANTY: Localized = {
  sv: 'Alla begagnade konsoler och tillbehör har tre månaders garanti.',
  en: 'All pre-owned consoles and accessories come with a three-month warranty.',
};

export function hardwareDraft(rng: Rng, item: HardwareItem, popularity: number): ProductDraft {
  const platform = item.platformKey ? platformOf(item.platformKey) : null;
  const brand = brandName(item.brandKey);
  const name = item.name;
  const fits = platform
    ? { sv: platform.fullName, en: `the ${platform.fullName}` }
    : { sv: 'de flesta retrokonsoler', en: 'most retro consoles' };
  const platformValue = platform ? { sv: platform.label, en: platform.label } : { sv: 'Flera', en: 'Multiple' };
  const skus: SkuDraft[] = [];
  const parameters: ParameterDraft[] = [param('Plattform', 'Platform', platformValue)];
  let description: Localized;
  let specification: Localized;

  if (item.newlyMade) {
    skus.push(sku('Nytillverkad', 'Newly made', item.priceKr));
    if (rng.chance(0.3)) skus.push(sku('Tvåpack', 'Two-pack', item.priceKr * 1.8));
    parameters.push(param('Skick', 'Condition', { sv: 'Nytillverkad', en: 'Newly made' }));
    description = join(
      { sv: `${name.sv} är nytillverkad av ${brand} och passar ${fits.sv}.`, en: `${name.en} is newly made by ${brand} and fits ${fits.en}.` },
      { sv: 'Den är ny och oanvänd.', en: 'It is new and unused.' },
    );
    specification = {
      sv: `Passar ${fits.sv}. Produkten är ny och levereras i skyddande förpackning.`,
      en: `Fits ${fits.en}. The product is new and ships in protective packaging.`,
    };
  } else {
    const sealedShare = item.kind === 'console' ? 0.15 : 0.1;
    const count = rng.chance(sealedShare) ? 3 : rng.chance(0.45) ? 2 : 1;
    const handheld = platform?.handheld ?? false;
    if (item.kind === 'console') {
      skus.push(handheld ? sku('Endast konsol', 'Console only', item.priceKr) : sku('Konsol med sladdar', 'Console with cables', item.priceKr));
    } else {
      skus.push(sku('Begagnad', 'Pre-owned', item.priceKr));
    }
    if (count >= 2) skus.push(boxedSku(BOXED.inBox, item.priceKr * (1.5 + rng.next() * 0.4)));
    if (count >= 3) skus.push(boxedSku(BOXED.sealed, item.priceKr * (2.5 + rng.next())));

    if (item.kind === 'console') {
      parameters.push(param('Region', 'Region', { sv: item.region, en: item.region }));
      parameters.push(param('Typ', 'Type', handheld ? { sv: 'Handhållen', en: 'Handheld' } : { sv: 'Hemkonsol', en: 'Home console' }));
      if (item.colour) parameters.push(param('Färg', 'Colour', item.colour));
      description = join(
        {
          sv: `${name.sv} är en ${handheld ? 'handhållen konsol' : 'konsol'} från ${brand} som vi har gått igenom, rengjort och provspelat.`,
          en: `${name.en} is a ${handheld ? 'handheld console' : 'console'} from ${brand} that we have inspected, cleaned and play-tested.`,
        },
        { sv: 'Slitna delar byts vid behov och både bild och ljud testas innan den skickas.', en: 'Worn parts are replaced when needed, and both picture and sound are tested before it ships.' },
      );
      specification = handheld
        ? { sv: 'Handhållna konsoler saknar regionsspärr och fungerar med spel från alla regioner.', en: 'Handheld consoles have no region lock and play games from every region.' }
        : {
            sv: `Konsolen är i ${item.region}-utförande och levereras med de kablar som behövs för att komma igång.`,
            en: `The console is a ${item.region} model and comes with the cables you need to get started.`,
          };
    } else {
      const original = platform !== null && item.brandKey === platform.maker;
      parameters.push(
        item.kind === 'controller'
          ? param('Typ', 'Type', original ? { sv: 'Original', en: 'Original' } : { sv: 'Tredjepart', en: 'Third party' })
          : param('Skick', 'Condition', { sv: 'Original', en: 'Original' }),
      );
      description = join(
        {
          sv: `${name.sv} är ${original ? 'ett originaltillbehör' : `ett tillbehör från ${brand}`} till ${fits.sv}.`,
          en: `${name.en} is ${original ? 'an original accessory' : `an accessory made by ${brand}`} for ${fits.en}.`,
        },
        { sv: 'Vi har rengjort den och testat alla funktioner.', en: 'We have cleaned it and tested every function.' },
      );
      specification = {
        sv: `Passar ${fits.sv}. Produkten är begagnad och kan ha lätta bruksspår.`,
        en: `Fits ${fits.en}. The product is pre-owned and may show light signs of use.`,
      };
    }
  }

  const suffix = platform ? platform.label : brand;
  return {
    name,
    brandKey: item.brandKey,
    categoryKey: item.categoryKey,
    aliasSuffixes: [{ sv: suffix, en: suffix }],
    parameters,
    skus,
    description,
    specification,
    extraInformation: item.newlyMade ? RETURNS_PROMISE : join(WARRANTY, RETURNS_PROMISE),
    popularity,
    stockProfile: item.newlyMade ? 'static' : 'collectible',
  };
}
