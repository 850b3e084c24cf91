import type { Platform } from './games-platforms';
import type { Localized } from './types';

export const GENRE_KEYS = [
  'platform', 'action', 'adventure', 'rpg', 'racing', 'sports', 'puzzle', 'shooter',
  'fighting', 'strategy', 'arcade', 'horror', 'simulation', 'party', 'music',
] as const;
export type GenreKey = (typeof GENRE_KEYS)[number];

export interface Genre {
  /** Filter value (parameter "Genre"). */
  readonly name: Localized;
  /** Noun phrase with article, for "X är ett plattformsspel". */
  readonly phrase: Localized;
  /** Sentences describing play; the same index is used in both languages so they say the same thing. */
  readonly blurbs: readonly Localized[];
}

function g(name: Localized, phrase: Localized, ...blurbs: [string, string][]): Genre {
  return { name, phrase, blurbs: blurbs.map(([sv, en]) => ({ sv, en })) };
}

export const GENRES: Readonly<Record<GenreKey, Genre>> = {
  platform: g({ sv: 'Plattform', en: 'Platformer' }, { sv: 'ett plattformsspel', en: 'a platformer' },
    ['Spring, hoppa och hitta hemliga vägar genom färgstarka banor.', 'Run, jump and find secret paths through colourful levels.'],
    ['Precisa kontroller och klurig bandesign gör det lika roligt i dag som när det var nytt.', 'Tight controls and clever level design make it as much fun today as when it was new.']),
  action: g({ sv: 'Action', en: 'Action' }, { sv: 'ett actionspel', en: 'an action game' },
    ['Högt tempo och mängder av fiender håller dig på tårna från start till mål.', 'A fast pace and hordes of enemies keep you on your toes from start to finish.'],
    ['Ett klassiskt actionspel som belönar både reflexer och tålamod.', 'A classic action game that rewards both reflexes and patience.']),
  adventure: g({ sv: 'Äventyr', en: 'Adventure' }, { sv: 'ett äventyrsspel', en: 'an adventure game' },
    ['Utforska en stor värld, lös gåtor och hitta föremål som öppnar nya vägar.', 'Explore a large world, solve riddles and find items that open new paths.'],
    ['Berättelsen och stämningen gör det till ett äventyr man minns länge.', 'Its story and atmosphere make it an adventure you remember for a long time.']),
  rpg: g({ sv: 'Rollspel', en: 'RPG' }, { sv: 'ett rollspel', en: 'a role-playing game' },
    ['Bygg upp ditt sällskap, välj utrustning och ge dig ut på en lång resa.', 'Build up your party, choose your gear and set out on a long journey.'],
    ['Turordningsbaserade strider och en gripande berättelse ger många timmars speltid.', 'Turn-based battles and a gripping story give you many hours of play.']),
  racing: g({ sv: 'Racing', en: 'Racing' }, { sv: 'ett racingspel', en: 'a racing game' },
    ['Välj fordon, lär dig banorna och kör ifrån motståndarna.', 'Pick your vehicle, learn the tracks and leave your rivals behind.'],
    ['Snabba varv och tajta kurvor gör varje lopp spännande ända till mållinjen.', 'Fast laps and tight corners keep every race exciting right up to the finish line.']),
  sports: g({ sv: 'Sport', en: 'Sports' }, { sv: 'ett sportspel', en: 'a sports game' },
    ['Lättlärd sportkänsla med tillräckligt djup för långa turneringar.', 'Easy-to-learn sports action with enough depth for long tournaments.'],
    ['Ett självklart val för soffmatcher och gammal hederlig rivalitet.', 'An obvious pick for couch matches and good old rivalry.']),
  puzzle: g({ sv: 'Pussel', en: 'Puzzle' }, { sv: 'ett pusselspel', en: 'a puzzle game' },
    ['Enkelt att lära sig men svårt att bemästra – perfekt för korta stunder.', 'Easy to learn but hard to master – perfect for short sessions.'],
    ['Tempot ökar hela tiden och tvingar dig att tänka snabbt.', 'The pace keeps rising and forces you to think fast.']),
  shooter: g({ sv: "Shoot 'em up", en: "Shoot 'em up" }, { sv: 'ett skjutspel', en: 'a shooter' },
    ['Väj för kulregn, samla uppgraderingar och besegra jättelika bossar.', 'Dodge bullet storms, collect power-ups and defeat giant bosses.'],
    ['Skarp grafik och ett tempo som inte förlåter misstag.', 'Crisp visuals and a pace that does not forgive mistakes.']),
  fighting: g({ sv: 'Fighting', en: 'Fighting' }, { sv: 'ett fightingspel', en: 'a fighting game' },
    ['Lär dig kombinationer och specialattacker för att besegra dina vänner.', 'Learn combos and special moves to beat your friends.'],
    ['Många kämpar med egna stilar ger stor variation.', 'A broad roster of fighters with their own styles gives plenty of variety.']),
  strategy: g({ sv: 'Strategi', en: 'Strategy' }, { sv: 'ett strategispel', en: 'a strategy game' },
    ['Planera varje drag, led dina trupper och vänd striden till din fördel.', 'Plan every move, lead your troops and turn the battle in your favour.'],
    ['Ett lugnare tempo där eftertanke lönar sig mer än snabba reflexer.', 'A calmer pace where careful thinking pays off more than quick reflexes.']),
  arcade: g({ sv: 'Arkad', en: 'Arcade' }, { sv: 'ett arkadspel', en: 'an arcade game' },
    ['Ren arkadglädje: jaga poäng och försök slå ditt eget rekord.', 'Pure arcade fun: chase points and try to beat your own high score.'],
    ['Enkla regler och snabba omgångar gör att man alltid vill köra en gång till.', 'Simple rules and quick rounds always leave you wanting one more go.']),
  horror: g({ sv: 'Skräck', en: 'Horror' }, { sv: 'ett skräckspel', en: 'a horror game' },
    ['Mörka korridorer, ont om ammunition och en stämning som kryper under skinnet.', 'Dark corridors, scarce ammunition and an atmosphere that gets under your skin.'],
    ['Spänningen byggs upp långsamt i stället för att lita på billiga skrämseleffekter.', 'The tension builds slowly instead of relying on cheap scares.']),
  simulation: g({ sv: 'Simulator', en: 'Simulation' }, { sv: 'ett simulatorspel', en: 'a simulation game' },
    ['Bygg, planera och se din lilla värld växa i din egen takt.', 'Build, plan and watch your little world grow at your own pace.'],
    ['Avkopplande och beroendeframkallande på samma gång.', 'Relaxing and addictive at the same time.']),
  party: g({ sv: 'Party', en: 'Party' }, { sv: 'ett partyspel', en: 'a party game' },
    ['Korta minispel och mycket skratt – perfekt när hela gänget är samlat.', 'Short mini-games and lots of laughs – perfect when the whole gang is together.'],
    ['Lätt för nybörjare att hoppa in och vinna mot vana spelare.', 'Easy for newcomers to jump in and beat seasoned players.']),
  music: g({ sv: 'Musik', en: 'Music' }, { sv: 'ett musikspel', en: 'a music game' },
    ['Håll takten, träffa tonerna och klättra på poänglistan.', 'Keep the beat, hit the notes and climb the score list.'],
    ['Ett musikspel som får hela rummet att sjunga med.', 'A music game that gets the whole room singing along.']),
};

export type Region = 'PAL' | 'NTSC-U' | 'NTSC-J';

const NUMBER_WORDS: Localized[] = [
  { sv: 'en', en: 'one' }, { sv: 'två', en: 'two' }, { sv: 'tre', en: 'three' }, { sv: 'fyra', en: 'four' },
];

function count(n: number): Localized {
  return NUMBER_WORDS[n - 1] ?? { sv: String(n), en: String(n) };
}

export function playersSentence(players: string): Localized {
  const max = Number(players.split('–').pop());
  if (max <= 1) return { sv: 'Spelet är för en spelare.', en: 'It is a single-player game.' };
  if (!players.includes('–')) {
    return { sv: `Spelet är för ${count(max).sv} spelare.`, en: `It is a game for ${count(max).en} players.` };
  }
  return {
    sv: `Upp till ${count(max).sv} spelare kan vara med samtidigt.`,
    en: `Up to ${count(max).en} players can join in at the same time.`,
  };
}

export function regionSentence(region: Region, platform: Platform): Localized {
  if (platform.handheld) {
    return {
      sv: 'Handhållna spel saknar regionsspärr och fungerar i alla konsoler i familjen.',
      en: 'Handheld games have no region lock and work in every console of the family.',
    };
  }
  if (region === 'PAL') {
    return {
      sv: 'Exemplaret är i PAL-utförande och fungerar i svenska och europeiska konsoler.',
      en: 'This is a PAL copy that works in Swedish and European consoles.',
    };
  }
  const origin = region === 'NTSC-U' ? { sv: 'amerikansk', en: 'North American' } : { sv: 'japansk', en: 'Japanese' };
  return {
    sv: `Exemplaret är en ${origin.sv} ${region}-utgåva som kräver en konsol från samma region eller en adapter.`,
    en: `This is a ${origin.en} ${region} release that needs a console from the same region or an adapter.`,
  };
}

/**
 * Product texts promise no delivery time: the product page states it from the chosen SKU's stock status, and
 * an item ordered in ships later than one on the shelf.
 */
export const RETURNS_PROMISE: Localized = {
  sv: 'Du har alltid fri retur.',
  en: 'Returns are always free.',
};
