import { same, type CategoryNode, type Localized } from './types';

export type Maker = 'nintendo' | 'sega' | 'sony' | 'atari';

export interface Platform {
  /** Also the category node key and the key of its title list. */
  readonly key: string;
  /** Short name used in menus and as category name. */
  readonly label: string;
  /** Name used in running text ("ett spel till Super Nintendo"). */
  readonly fullName: string;
  readonly maker: Maker;
  readonly media: 'cartridge' | 'disc';
  readonly handheld: boolean;
  readonly years: readonly [number, number];
  /** Plausible publishers for generated titles on this platform (brand keys). */
  readonly publishers: readonly string[];
  /** Relative price level of a loose game; collectors pay more for some systems. */
  readonly priceFactor: number;
}

function p(
  key: string, label: string, fullName: string, maker: Maker, media: 'cartridge' | 'disc', handheld: boolean,
  years: readonly [number, number], publishers: readonly string[], priceFactor: number,
): Platform {
  return { key, label, fullName, maker, media, handheld, years, publishers, priceFactor };
}

export const PLATFORMS: readonly Platform[] = [
  p('nes', 'NES', 'NES', 'nintendo', 'cartridge', false, [1985, 1994],
    ['capcom', 'konami', 'namco', 'hudson', 'taito', 'tecmo', 'sunsoft', 'acclaim', 'square'], 1.1),
  p('snes', 'SNES', 'Super Nintendo', 'nintendo', 'cartridge', false, [1990, 1998],
    ['capcom', 'konami', 'square', 'enix', 'namco', 'hudson', 'acclaim', 'ea', 'ubisoft', 'taito'], 1.4),
  p('n64', 'Nintendo 64', 'Nintendo 64', 'nintendo', 'cartridge', false, [1996, 2002],
    ['nintendo', 'rare', 'acclaim', 'midway', 'ubisoft', 'ea', 'konami', 'hudson', 'thq'], 1.3),
  p('gamecube', 'GameCube', 'Nintendo GameCube', 'nintendo', 'disc', false, [2001, 2007],
    ['nintendo', 'capcom', 'ea', 'ubisoft', 'namco', 'sega', 'activision', 'eidos', 'thq'], 1.5),
  p('gb', 'Game Boy', 'Game Boy', 'nintendo', 'cartridge', true, [1989, 1998],
    ['nintendo', 'konami', 'capcom', 'hudson', 'square', 'taito', 'acclaim'], 0.8),
  p('gbc', 'Game Boy Color', 'Game Boy Color', 'nintendo', 'cartridge', true, [1998, 2003],
    ['nintendo', 'capcom', 'konami', 'activision', 'ubisoft', 'thq'], 0.9),
  p('gba', 'Game Boy Advance', 'Game Boy Advance', 'nintendo', 'cartridge', true, [2001, 2008],
    ['nintendo', 'capcom', 'konami', 'thq', 'ubisoft', 'activision', 'sega', 'namco'], 1.0),
  p('master-system', 'Master System', 'Sega Master System', 'sega', 'cartridge', false, [1986, 1996],
    ['sega', 'codemasters', 'acclaim'], 0.9),
  p('mega-drive', 'Mega Drive', 'Sega Mega Drive', 'sega', 'cartridge', false, [1989, 1998],
    ['sega', 'ea', 'konami', 'capcom', 'acclaim', 'codemasters', 'treasure', 'taito'], 1.0),
  p('saturn', 'Saturn', 'Sega Saturn', 'sega', 'disc', false, [1995, 1999],
    ['sega', 'capcom', 'konami', 'eidos', 'hudson', 'acclaim', 'treasure'], 1.6),
  p('dreamcast', 'Dreamcast', 'Sega Dreamcast', 'sega', 'disc', false, [1999, 2002],
    ['sega', 'capcom', 'namco', 'ubisoft', 'eidos', 'activision', 'acclaim', 'midway'], 1.3),
  p('game-gear', 'Game Gear', 'Sega Game Gear', 'sega', 'cartridge', true, [1991, 1997],
    ['sega', 'acclaim', 'codemasters'], 0.7),
  p('playstation', 'PlayStation', 'PlayStation', 'sony', 'disc', false, [1995, 2004],
    ['sony', 'square', 'konami', 'capcom', 'namco', 'psygnosis', 'eidos', 'codemasters', 'activision', 'ea', 'midway', 'ubisoft'], 0.9),
  p('playstation-2', 'PlayStation 2', 'PlayStation 2', 'sony', 'disc', false, [2000, 2010],
    ['sony', 'squareenix', 'konami', 'capcom', 'namco', 'ea', 'activision', 'ubisoft', 'rockstar', 'eidos', 'codemasters', 'atlus', 'thq'], 0.8),
  p('atari-2600', 'Atari 2600', 'Atari 2600', 'atari', 'cartridge', false, [1977, 1990], ['atari', 'activision'], 0.7),
  p('atari-7800', 'Atari 7800', 'Atari 7800', 'atari', 'cartridge', false, [1986, 1991], ['atari'], 0.9),
];

const MAKERS: readonly { readonly key: Maker; readonly name: string }[] = [
  { key: 'nintendo', name: 'Nintendo' },
  { key: 'sega', name: 'Sega' },
  { key: 'sony', name: 'Sony' },
  { key: 'atari', name: 'Atari' },
];

function platformTree(): CategoryNode[] {
  return MAKERS.map((maker) => ({
    key: maker.key,
    name: same(maker.name),
    children: PLATFORMS.filter((pl) => pl.maker === maker.key).map((pl) => ({ key: pl.key, name: same(pl.label) })),
  }));
}

function leaf(key: string, sv: string, en: string, alias?: Localized): CategoryNode {
  return alias ? { key, name: { sv, en }, alias } : { key, name: { sv, en } };
}

/** Three levels everywhere, so the desktop menu can show the whole tree. */
export const GAMES_CATEGORIES: readonly CategoryNode[] = [
  {
    key: 'games',
    name: { sv: 'Spel', en: 'Games' },
    description: {
      sv: 'Begagnade originalspel till retrokonsoler – rengjorda, testade och redo att spelas.',
      en: 'Pre-owned original games for retro consoles – cleaned, tested and ready to play.',
    },
    children: platformTree(),
  },
  {
    key: 'consoles',
    name: { sv: 'Konsoler', en: 'Consoles' },
    description: {
      sv: 'Retrokonsoler som vi har gått igenom, rengjort och provspelat innan de skickas.',
      en: 'Retro consoles that we have inspected, cleaned and play-tested before they ship.',
    },
    children: platformTree(),
  },
  {
    key: 'accessories',
    name: { sv: 'Tillbehör', en: 'Accessories' },
    description: {
      sv: 'Handkontroller, kablar, minneskort och reservdelar till dina gamla konsoler.',
      en: 'Controllers, cables, memory cards and spare parts for your old consoles.',
    },
    children: [
      {
        key: 'controllers',
        name: { sv: 'Handkontroller', en: 'Controllers' },
        children: MAKERS.map((maker) =>
          leaf(maker.key, maker.name, maker.name, {
            sv: `${maker.name} handkontroller`,
            en: `${maker.name} controllers`,
          }),
        ),
      },
      {
        key: 'cables',
        name: { sv: 'Kablar och adaptrar', en: 'Cables & adapters' },
        children: [
          leaf('power', 'Strömadaptrar', 'Power adapters'),
          leaf('av', 'Video- och ljudkablar', 'Video & audio cables'),
          leaf('link', 'Länkkablar', 'Link cables'),
        ],
      },
      {
        key: 'memory',
        name: { sv: 'Minne och expansioner', en: 'Memory & expansions' },
        children: [leaf('memory-cards', 'Minneskort', 'Memory cards'), leaf('expansions', 'Expansioner', 'Expansions')],
      },
      {
        key: 'care',
        name: { sv: 'Förvaring och vård', en: 'Storage & care' },
        children: [
          leaf('cases', 'Fodral och väskor', 'Cases & bags'),
          leaf('cleaning', 'Rengöring', 'Cleaning'),
          leaf('spare-parts', 'Reservdelar', 'Spare parts'),
        ],
      },
    ],
  },
];

export function describeGamesCategory(path: readonly Localized[]): Localized {
  const sv = path.map((n) => n.sv).join(' › ');
  const en = path.map((n) => n.en).join(' › ');
  return {
    sv: `${sv}: rengjort och testat. Varor i lager skickar vi senast nästa vardag.`,
    en: `${en}: cleaned and tested. Items in stock ship no later than the next working day.`,
  };
}
