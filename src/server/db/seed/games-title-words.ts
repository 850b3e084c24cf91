import type { Rng } from './random';
import type { GenreKey } from './games-texts';

/**
 * Word pools for generated titles once the real ones run out. Each genre pairs words that sound like a game
 * of that genre ("Nitro Circuit", "Chronicles of Aldora"), so large catalogs stay plausible.
 */
interface TitlePool {
  readonly first: readonly string[];
  readonly second: readonly string[];
  /** 'of' builds "First of Second" (RPG style), otherwise "First Second". */
  readonly joiner?: 'of';
  readonly subtitles: readonly string[];
}

const POOLS: Readonly<Record<GenreKey, TitlePool>> = {
  platform: {
    first: ['Super', 'Captain', 'Mighty', 'Little', 'Rocket', 'Jungle', 'Cosmic', 'Bubble', 'Magic', 'Pixel', 'Ninja', 'Dino', 'Penguin', 'Turbo', 'Sky'],
    second: ['Kid', 'Jack', 'Panda', 'Hero', 'Cat', 'Frog', 'Rabbit', 'Twins', 'Squirrel', 'Fox', 'Monkey', 'Knight', 'Hedgehog', 'Owl', 'Robot'],
    subtitles: ['Island Adventure', 'Lost in Time', 'The Hidden Valley', 'World Tour', 'Return to Cloud Castle', 'The Great Escape'],
  },
  action: {
    first: ['Cyber', 'Ninja', 'Commando', 'Steel', 'Shadow', 'Thunder', 'Iron', 'Neon', 'Street', 'Final'],
    second: ['Strike', 'Force', 'Squad', 'Justice', 'Fury', 'Assault', 'Warriors', 'Vendetta', 'Patrol', 'Rage'],
    subtitles: ['Operation Nightfall', 'The Last Mission', 'City Under Siege', 'Revenge of the Syndicate'],
  },
  adventure: {
    first: ['Lost', 'Hidden', 'Sunken', 'Forgotten', 'Ancient', 'Secret', 'Emerald', 'Golden', 'Silent', 'Frozen'],
    second: ['Temple', 'Kingdom', 'Island', 'Treasure', 'Labyrinth', 'Expedition', 'Relic', 'Valley', 'Lighthouse', 'Caverns'],
    subtitles: ['The Curse of the Pharaoh', 'Secrets of the Deep', 'A Quest for the Crown', 'The Missing Map'],
  },
  rpg: {
    first: ['Chronicles', 'Legend', 'Tales', 'Saga', 'Secret', 'Song', 'Shadow', 'Crown', 'Oath', 'Echoes'],
    second: ['Aldora', 'the Crystal Moon', 'the Silver Dragon', 'Mana Valley', 'Eternia', 'the Seven Seals', 'the Lost Kingdom', 'Runeheart', 'the Azure Sea', 'Starfall'],
    joiner: 'of',
    subtitles: ['Dawn of Heroes', 'The Second Age', 'Wings of Fate', 'The Forgotten Prophecy'],
  },
  racing: {
    first: ['Turbo', 'Nitro', 'Rally', 'Street', 'Thunder', 'Highway', 'Speed', 'Road', 'Drift', 'Mountain'],
    second: ['Racer', 'Rally', 'Circuit', 'Kart', 'Drift', 'Grand Prix', 'Challenge', 'Rush', 'Champions', 'Kings'],
    subtitles: ['World Championship', 'Turbo Edition', 'Coast to Coast', 'Night Run'],
  },
  sports: {
    first: ['Pro', 'Super', 'International', 'World', 'Ultimate', 'All-Star', 'Championship', 'Power', 'Dream', 'Nordic'],
    second: ['Soccer', 'Tennis', 'Hockey', 'Golf', 'Basketball', 'Baseball', 'Volleyball', 'Snowboarding', 'Skateboarding', 'Boxing'],
    subtitles: ['Season Edition', 'Gold Cup', 'World Series', 'Deluxe'],
  },
  puzzle: {
    first: ['Puzzle', 'Block', 'Gem', 'Bubble', 'Color', 'Crystal', 'Tile', 'Jewel', 'Brain', 'Pipe'],
    second: ['Panic', 'Drop', 'Blast', 'Mania', 'Quest', 'Party', 'Master', 'Pop', 'Connection', 'Frenzy'],
    subtitles: ['Deluxe', 'Challenge Edition', 'Around the World', 'Plus'],
  },
  shooter: {
    first: ['Star', 'Galaxy', 'Sky', 'Thunder', 'Solar', 'Nova', 'Astro', 'Hyper', 'Zero', 'Blaze'],
    second: ['Force', 'Striker', 'Blaster', 'Raiders', 'Wing', 'Fighter', 'Squadron', 'Defender', 'Storm', 'Gunner'],
    subtitles: ['Operation Starlight', 'The Final Frontier', 'Invasion from Beyond', 'Last Stand'],
  },
  fighting: {
    first: ['Street', 'Fatal', 'Iron', 'Shadow', 'Dragon', 'Savage', 'Tiger', 'Battle', 'Thunder', 'Steel'],
    second: ['Fighters', 'Fury', 'Warriors', 'Brawl', 'Legends', 'Masters', 'Tournament', 'Showdown', 'Clash', 'Arena'],
    subtitles: ['Champion Edition', 'The Next Battle', 'Legacy', 'World Warriors'],
  },
  strategy: {
    first: ['Advance', 'Kingdom', 'Empire', 'Iron', 'Grand', 'Little', 'Star', 'Battle', 'War', 'Royal'],
    second: ['Commander', 'Tactics', 'Conquest', 'Generals', 'Siege', 'Wars', 'Frontier', 'Legions', 'Campaign', 'Alliance'],
    subtitles: ['Rise of Nations', 'The Northern Front', 'Gold Edition', 'Age of Kings'],
  },
  arcade: {
    first: ['Pinball', 'Space', 'Brick', 'Laser', 'Robo', 'Crazy', 'Mega', 'Retro', 'Bomb', 'Moon'],
    second: ['Mania', 'Invaders', 'Breaker', 'Blast', 'Chase', 'Climber', 'Dash', 'Rescue', 'Frenzy', 'Patrol'],
    subtitles: ['Arcade Classics', 'Deluxe', 'Special', 'Plus'],
  },
  horror: {
    first: ['Dark', 'Silent', 'Haunted', 'Crimson', 'Fatal', 'Hollow', 'Black', 'Forsaken', 'Midnight', 'Cursed'],
    second: ['Manor', 'Corridors', 'Harbour', 'Asylum', 'Village', 'Echoes', 'Nightmare', 'Descent', 'Lantern', 'Hour'],
    subtitles: ['The Awakening', 'Outbreak', 'Whispers in the Dark', 'No Way Out'],
  },
  simulation: {
    first: ['Farm', 'Sim', 'Flight', 'Harbor', 'Train', 'Theme Park', 'Pet', 'City', 'Zoo', 'Truck'],
    second: ['Life', 'Tycoon', 'Simulator', 'Builder', 'Story', 'Manager', 'Days', 'Paradise', 'World', 'Pilot'],
    subtitles: ['Four Seasons', 'Gold Edition', 'Deluxe', 'Expansion Pack'],
  },
  party: {
    first: ['Party', 'Fun', 'Crazy', 'Super', 'Mini', 'Family', 'Bunny', 'Mega', 'Game', 'Happy'],
    second: ['Games', 'Fiesta', 'Carnival', 'Challenge', 'Island', 'Bash', 'Frenzy', 'Show', 'Olympics', 'Night'],
    subtitles: ['Deluxe', 'Summer Edition', 'Around the World', 'Plus'],
  },
  music: {
    first: ['Dance', 'Rhythm', 'Beat', 'Sing', 'Drum', 'Disco', 'Pop', 'Karaoke', 'Groove', 'Funky'],
    second: ['Revolution', 'Heaven', 'Star', 'Party', 'Fever', 'Mania', 'Master', 'Station', 'Stage', 'Nation'],
    subtitles: ['Eurovision Hits', 'Greatest Hits', '80s Edition', 'Party Mix'],
  },
};

const SEQUELS = ['2', '3', 'II', 'III'];

export function generateTitle(rng: Rng, genre: GenreKey): string {
  const pool = POOLS[genre];
  const first = rng.pick(pool.first);
  let second = rng.pick(pool.second);
  // "Party Party" or "Rally Rally" would read as a mistake.
  if (second === first) second = rng.pick(pool.second.filter((w) => w !== first));
  let title = pool.joiner === 'of' ? `${first} of ${second}` : `${first} ${second}`;
  const roll = rng.next();
  if (roll < 0.25) title += ` ${rng.pick(SEQUELS)}`;
  else if (roll < 0.4) title += `: ${rng.pick(pool.subtitles)}`;
  else if (roll < 0.45 && (genre === 'sports' || genre === 'racing')) title += ` '${rng.int(90, 99)}`;
  return title;
}
