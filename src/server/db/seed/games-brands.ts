import type { BrandDef } from './types';

/** Publishers, console makers and accessory manufacturers; `key` is what the title lists refer to. */
export const GAMES_BRANDS: readonly BrandDef[] = [
  b('nintendo', 'Nintendo', 'Japansk jätte bakom NES, Super Nintendo, Game Boy och Mario.', 'The Japanese giant behind the NES, Super Nintendo, Game Boy and Mario.'),
  b('sega', 'Sega', 'Skaparen av Mega Drive, Dreamcast och Sonic the Hedgehog.', 'The maker of the Mega Drive, the Dreamcast and Sonic the Hedgehog.'),
  b('sony', 'Sony', 'Sony tog klivet in i spelvärlden 1994 med den första PlayStation.', 'Sony entered video games in 1994 with the first PlayStation.'),
  b('atari', 'Atari', 'Pionjären som tog tv-spelen hem till vardagsrummet med Atari 2600.', 'The pioneer that brought video games into the living room with the Atari 2600.'),
  b('capcom', 'Capcom', 'Utgivaren av Mega Man, Street Fighter och Resident Evil.', 'The publisher of Mega Man, Street Fighter and Resident Evil.'),
  b('konami', 'Konami', 'Känt för Castlevania, Metal Gear och Contra.', 'Known for Castlevania, Metal Gear and Contra.'),
  b('square', 'Square', 'Rollspelsstudion som gav oss Final Fantasy och Chrono Trigger.', 'The role-playing studio that gave us Final Fantasy and Chrono Trigger.'),
  b('enix', 'Enix', 'Utgivaren av Dragon Quest-serien, i väst först kallad Dragon Warrior.', 'The publisher of the Dragon Quest series, first called Dragon Warrior in the West.'),
  b('squareenix', 'Square Enix', 'Bildades 2003 när Square och Enix gick samman.', 'Formed in 2003 when Square and Enix merged.'),
  b('namco', 'Namco', 'Arkadlegenden bakom Pac-Man, Tekken och Ridge Racer.', 'The arcade legend behind Pac-Man, Tekken and Ridge Racer.'),
  b('hudson', 'Hudson Soft', 'Studion bakom Bomberman och Adventure Island.', 'The studio behind Bomberman and Adventure Island.'),
  b('rare', 'Rare', 'Brittisk studio känd för Donkey Kong Country, GoldenEye 007 och Banjo-Kazooie.', 'British studio known for Donkey Kong Country, GoldenEye 007 and Banjo-Kazooie.'),
  b('activision', 'Activision', 'Den första fristående spelutgivaren, med rötter i Atari 2600-eran.', 'The first independent game publisher, with roots in the Atari 2600 era.'),
  b('ea', 'Electronic Arts', 'Sportspelens storhet med FIFA, NHL och Need for Speed.', 'The sports game powerhouse behind FIFA, NHL and Need for Speed.'),
  b('ubisoft', 'Ubisoft', 'Fransk utgivare känd för Rayman och Prince of Persia.', 'French publisher known for Rayman and Prince of Persia.'),
  b('acclaim', 'Acclaim', 'Utgav Mortal Kombat, NBA Jam och Turok under 90-talet.', 'Published Mortal Kombat, NBA Jam and Turok in the nineties.'),
  b('taito', 'Taito', 'Skaparen av Space Invaders och Bubble Bobble.', 'The creator of Space Invaders and Bubble Bobble.'),
  b('tecmo', 'Tecmo', 'Känt för Ninja Gaiden och Dead or Alive.', 'Known for Ninja Gaiden and Dead or Alive.'),
  b('midway', 'Midway', 'Arkadföretaget bakom Mortal Kombat-uppföljarna.', 'The arcade company behind the Mortal Kombat sequels.'),
  b('psygnosis', 'Psygnosis', 'Brittisk studio som gjorde Wipeout och Destruction Derby.', 'British studio that made Wipeout and Destruction Derby.'),
  b('eidos', 'Eidos Interactive', 'Utgivaren av Tomb Raider och TimeSplitters.', 'The publisher of Tomb Raider and TimeSplitters.'),
  b('codemasters', 'Codemasters', 'Brittisk racingspecialist med Micro Machines och Colin McRae Rally.', 'British racing specialist with Micro Machines and Colin McRae Rally.'),
  b('sunsoft', 'Sunsoft', 'Gjorde några av NES-erans mest polerade actionspel.', 'Made some of the most polished action games of the NES era.'),
  b('treasure', 'Treasure', 'Liten japansk studio med kultklassiker som Gunstar Heroes och Ikaruga.', 'Small Japanese studio with cult classics such as Gunstar Heroes and Ikaruga.'),
  b('atlus', 'Atlus', 'Känt för Shin Megami Tensei och Persona.', 'Known for Shin Megami Tensei and Persona.'),
  b('rockstar', 'Rockstar Games', 'Utgivaren av Grand Theft Auto-serien.', 'The publisher of the Grand Theft Auto series.'),
  b('thq', 'THQ', 'Stor utgivare på Game Boy Advance och PlayStation 2.', 'A major publisher on the Game Boy Advance and PlayStation 2.'),
  b('hori', 'Hori', 'Japansk tillverkare av licensierade handkontroller och arkadspakar.', 'Japanese maker of licensed controllers and arcade sticks.'),
  b('madcatz', 'Mad Catz', 'Tillverkare av handkontroller, rattar och tillbehör sedan 1989.', 'Maker of controllers, wheels and accessories since 1989.'),
  b('datel', 'Datel', 'Brittiskt företag bakom Action Replay och minneskort.', 'British company behind the Action Replay and memory cards.'),
  b('retrofix', 'Retrofix', 'Vårt eget märke för nytillverkade kablar, skal och reservdelar.', 'Our own label for newly made cables, shells and spare parts.'),
];

function b(key: string, name: string, sv: string, en: string): BrandDef {
  return { key, name, description: { sv, en } };
}
