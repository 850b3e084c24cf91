import { PLATFORMS } from './games-platforms';
import type { Region } from './games-texts';
import type { Localized } from './types';

export interface HardwareItem {
  readonly kind: 'console' | 'controller' | 'accessory';
  /** Full key of the leaf category. */
  readonly categoryKey: string;
  /** null for items that fit many systems (cleaning spray, screwdrivers). */
  readonly platformKey: string | null;
  readonly brandKey: string;
  readonly name: Localized;
  /** Price in whole kronor of the cheapest SKU. */
  readonly priceKr: number;
  /** Our own newly made goods are always available (static stock) and sold new. */
  readonly newlyMade: boolean;
  readonly region: Region;
  readonly colour?: Localized;
}

function makerOf(platformKey: string): string {
  const platform = PLATFORMS.find((pl) => pl.key === platformKey);
  if (!platform) throw new Error(`Unknown platform ${platformKey}`);
  return platform.maker;
}

function konsol(platformKey: string, sv: string, en: string, priceKr: number, colour?: Localized, region: Region = 'PAL'): HardwareItem {
  const base = {
    kind: 'console' as const,
    categoryKey: `consoles/${makerOf(platformKey)}/${platformKey}`,
    platformKey,
    brandKey: makerOf(platformKey),
    name: { sv, en },
    priceKr,
    newlyMade: false,
    region,
  };
  return colour ? { ...base, colour } : base;
}

function pad(platformKey: string, sv: string, en: string, brandKey: string, priceKr: number): HardwareItem {
  return {
    kind: 'controller',
    categoryKey: `accessories/controllers/${makerOf(platformKey)}`,
    platformKey,
    brandKey,
    name: { sv, en },
    priceKr,
    newlyMade: false,
    region: 'PAL',
  };
}

function acc(leaf: string, platformKey: string | null, sv: string, en: string, brandKey: string, priceKr: number): HardwareItem {
  return {
    kind: 'accessory',
    categoryKey: `accessories/${leaf}`,
    platformKey,
    brandKey,
    name: { sv, en },
    priceKr,
    newlyMade: brandKey === 'retrofix',
    region: 'PAL',
  };
}

const GREY = { sv: 'Grå', en: 'Grey' };
const BLACK = { sv: 'Svart', en: 'Black' };
const PURPLE = { sv: 'Lila', en: 'Purple' };
const GREEN = { sv: 'Grön', en: 'Green' };
const SILVER = { sv: 'Silver', en: 'Silver' };
const BLUE = { sv: 'Blå', en: 'Blue' };
const WHITE = { sv: 'Vit', en: 'White' };
const YELLOW = { sv: 'Gul', en: 'Yellow' };
const RED = { sv: 'Röd', en: 'Red' };

export const CONSOLES: readonly HardwareItem[] = [
  konsol('nes', 'Nintendo NES', 'Nintendo NES', 899, GREY),
  konsol('nes', 'Nintendo NES Action Set', 'Nintendo NES Action Set', 1199, GREY),
  konsol('snes', 'Super Nintendo', 'Super Nintendo', 1199, GREY),
  konsol('snes', 'Super Nintendo med Super Mario All-Stars', 'Super Nintendo with Super Mario All-Stars', 1499, GREY),
  konsol('snes', 'Super Famicom', 'Super Famicom', 999, GREY, 'NTSC-J'),
  konsol('n64', 'Nintendo 64 (grå)', 'Nintendo 64 (grey)', 999, GREY),
  konsol('n64', 'Nintendo 64 Atomic Purple', 'Nintendo 64 Atomic Purple', 1499, PURPLE),
  konsol('n64', 'Nintendo 64 Jungle Green', 'Nintendo 64 Jungle Green', 1599, GREEN),
  konsol('n64', 'Nintendo 64 Pikachu Edition', 'Nintendo 64 Pikachu Edition', 2199, BLUE),
  konsol('gamecube', 'Nintendo GameCube (lila)', 'Nintendo GameCube (Indigo)', 1199, PURPLE),
  konsol('gamecube', 'Nintendo GameCube (svart)', 'Nintendo GameCube (Jet Black)', 1199, BLACK),
  konsol('gamecube', 'Nintendo GameCube Platinum', 'Nintendo GameCube Platinum', 1499, SILVER),
  konsol('gb', 'Game Boy (DMG-01)', 'Game Boy (DMG-01)', 799, GREY),
  konsol('gb', 'Game Boy Pocket', 'Game Boy Pocket', 699, SILVER),
  konsol('gb', 'Game Boy Light', 'Game Boy Light', 1499, SILVER, 'NTSC-J'),
  konsol('gbc', 'Game Boy Color (Berry)', 'Game Boy Color (Berry)', 899, RED),
  konsol('gbc', 'Game Boy Color (Teal)', 'Game Boy Color (Teal)', 899, BLUE),
  konsol('gbc', 'Game Boy Color Pokémon-utgåva', 'Game Boy Color Pokémon Edition', 1499, YELLOW),
  konsol('gba', 'Game Boy Advance (Arctic)', 'Game Boy Advance (Arctic)', 899, WHITE),
  konsol('gba', 'Game Boy Advance SP (Cobalt)', 'Game Boy Advance SP (Cobalt)', 1299, BLUE),
  konsol('gba', 'Game Boy Advance SP (Platinum)', 'Game Boy Advance SP (Platinum)', 1299, SILVER),
  konsol('gba', 'Game Boy Micro', 'Game Boy Micro', 1499, SILVER),
  konsol('master-system', 'Sega Master System', 'Sega Master System', 799, BLACK),
  konsol('master-system', 'Sega Master System II', 'Sega Master System II', 599, BLACK),
  konsol('mega-drive', 'Sega Mega Drive', 'Sega Mega Drive', 799, BLACK),
  konsol('mega-drive', 'Sega Mega Drive II', 'Sega Mega Drive II', 699, BLACK),
  konsol('mega-drive', 'Sega Mega Drive med Sonic the Hedgehog', 'Sega Mega Drive with Sonic the Hedgehog', 999, BLACK),
  konsol('saturn', 'Sega Saturn (modell 1)', 'Sega Saturn (model 1)', 1499, BLACK),
  konsol('saturn', 'Sega Saturn (modell 2)', 'Sega Saturn (model 2)', 1299, BLACK),
  konsol('saturn', 'Sega Saturn (vit)', 'Sega Saturn (white)', 1399, WHITE, 'NTSC-J'),
  konsol('dreamcast', 'Sega Dreamcast', 'Sega Dreamcast', 1299, WHITE),
  konsol('dreamcast', 'Sega Dreamcast (svart)', 'Sega Dreamcast (black)', 1699, BLACK),
  konsol('game-gear', 'Sega Game Gear', 'Sega Game Gear', 799, BLACK),
  konsol('game-gear', 'Sega Game Gear (blå)', 'Sega Game Gear (blue)', 1199, BLUE, 'NTSC-J'),
  konsol('playstation', 'PlayStation (SCPH-1002)', 'PlayStation (SCPH-1002)', 599, GREY),
  konsol('playstation', 'PlayStation (SCPH-9002)', 'PlayStation (SCPH-9002)', 499, GREY),
  konsol('playstation', 'PS one', 'PS one', 599, WHITE),
  konsol('playstation-2', 'PlayStation 2 (SCPH-39004)', 'PlayStation 2 (SCPH-39004)', 599, BLACK),
  konsol('playstation-2', 'PlayStation 2 Slim (svart)', 'PlayStation 2 Slim (black)', 699, BLACK),
  konsol('playstation-2', 'PlayStation 2 Slim (silver)', 'PlayStation 2 Slim (silver)', 799, SILVER),
  konsol('atari-2600', 'Atari 2600 "Woody"', 'Atari 2600 "Woody"', 1499, BLACK),
  konsol('atari-2600', 'Atari 2600 Jr.', 'Atari 2600 Jr.', 899, BLACK),
  konsol('atari-7800', 'Atari 7800 ProSystem', 'Atari 7800 ProSystem', 1199, BLACK),
];

export const CONTROLLERS: readonly HardwareItem[] = [
  pad('nes', 'NES-handkontroll', 'NES Controller', 'nintendo', 199),
  pad('nes', 'NES Advantage', 'NES Advantage', 'nintendo', 399),
  pad('nes', 'NES Zapper', 'NES Zapper', 'nintendo', 299),
  pad('snes', 'SNES-handkontroll', 'SNES Controller', 'nintendo', 299),
  pad('n64', 'Nintendo 64-handkontroll (grå)', 'Nintendo 64 Controller (grey)', 'nintendo', 299),
  pad('n64', 'Nintendo 64-handkontroll Atomic Purple', 'Nintendo 64 Controller Atomic Purple', 'nintendo', 449),
  pad('n64', 'Hori Mini Pad till Nintendo 64', 'Hori Mini Pad for Nintendo 64', 'hori', 349),
  pad('gamecube', 'GameCube-handkontroll (lila)', 'GameCube Controller (Indigo)', 'nintendo', 399),
  pad('gamecube', 'WaveBird trådlös handkontroll', 'WaveBird Wireless Controller', 'nintendo', 699),
  pad('gamecube', 'Mad Catz handkontroll till GameCube', 'Mad Catz Controller for GameCube', 'madcatz', 199),
  pad('master-system', 'Master System Control Pad', 'Master System Control Pad', 'sega', 149),
  pad('mega-drive', 'Mega Drive-handkontroll med tre knappar', 'Mega Drive 3-Button Control Pad', 'sega', 199),
  pad('mega-drive', 'Mega Drive-handkontroll med sex knappar', 'Mega Drive 6-Button Control Pad', 'sega', 299),
  pad('saturn', 'Saturn Control Pad', 'Saturn Control Pad', 'sega', 299),
  pad('saturn', 'Saturn 3D Control Pad', 'Saturn 3D Control Pad', 'sega', 349),
  pad('dreamcast', 'Dreamcast-handkontroll', 'Dreamcast Controller', 'sega', 299),
  pad('dreamcast', 'Dreamcast Arcade Stick', 'Dreamcast Arcade Stick', 'sega', 699),
  pad('dreamcast', 'Mad Catz Dream Pad', 'Mad Catz Dream Pad', 'madcatz', 199),
  pad('playstation', 'PlayStation-handkontroll (original)', 'PlayStation Controller (original)', 'sony', 199),
  pad('playstation', 'DualShock-handkontroll', 'DualShock Controller', 'sony', 249),
  pad('playstation', 'Namco GunCon', 'Namco GunCon', 'namco', 399),
  pad('playstation-2', 'DualShock 2 (svart)', 'DualShock 2 (black)', 'sony', 249),
  pad('playstation-2', 'DualShock 2 (silver)', 'DualShock 2 (silver)', 'sony', 299),
  pad('playstation-2', 'Hori Fighting Stick 2', 'Hori Fighting Stick 2', 'hori', 799),
  pad('playstation-2', 'Mad Catz MC2 ratt', 'Mad Catz MC2 Racing Wheel', 'madcatz', 499),
  pad('atari-2600', 'Atari CX40-joystick', 'Atari CX40 Joystick', 'atari', 199),
  pad('atari-2600', 'Atari Paddle-kontroller (par)', 'Atari Paddle Controllers (pair)', 'atari', 299),
  pad('atari-7800', 'Atari 7800 ProLine-joystick', 'Atari 7800 ProLine Joystick', 'atari', 249),
];

export const ACCESSORIES: readonly HardwareItem[] = [
  acc('cables/power', 'nes', 'Nätadapter till NES', 'NES Power Adapter', 'retrofix', 149),
  acc('cables/power', 'snes', 'Nätadapter till Super Nintendo', 'Super Nintendo Power Adapter', 'retrofix', 149),
  acc('cables/power', 'mega-drive', 'Nätadapter till Mega Drive II', 'Mega Drive II Power Adapter', 'retrofix', 129),
  acc('cables/power', 'n64', 'Nintendo 64 nätdel (original)', 'Nintendo 64 Power Supply (original)', 'nintendo', 249),
  acc('cables/power', 'gba', 'USB-laddkabel till Game Boy Advance SP', 'Game Boy Advance SP USB Charging Cable', 'retrofix', 99),
  acc('cables/power', 'game-gear', 'Nätadapter till Game Gear', 'Game Gear Power Adapter', 'retrofix', 129),
  acc('cables/av', 'snes', 'RGB SCART-kabel till SNES och Nintendo 64', 'RGB SCART Cable for SNES and Nintendo 64', 'retrofix', 199),
  acc('cables/av', 'mega-drive', 'RGB SCART-kabel till Mega Drive II', 'RGB SCART Cable for Mega Drive II', 'retrofix', 199),
  acc('cables/av', 'playstation', 'RGB SCART-kabel till PlayStation', 'RGB SCART Cable for PlayStation', 'retrofix', 149),
  acc('cables/av', 'playstation-2', 'Komponentkabel till PlayStation 2', 'PlayStation 2 Component Cable', 'retrofix', 199),
  acc('cables/av', 'dreamcast', 'VGA-box till Dreamcast', 'Dreamcast VGA Box', 'retrofix', 299),
  acc('cables/av', 'nes', 'RF-switch till NES', 'NES RF Switch', 'nintendo', 149),
  acc('cables/av', 'gamecube', 'AV-kabel till GameCube', 'GameCube AV Cable', 'nintendo', 149),
  acc('cables/link', 'gb', 'Länkkabel till Game Boy', 'Game Boy Link Cable', 'nintendo', 99),
  acc('cables/link', 'gba', 'Länkkabel till Game Boy Advance', 'Game Boy Advance Link Cable', 'nintendo', 129),
  acc('cables/link', 'game-gear', 'Gear-to-Gear-kabel till Game Gear', 'Game Gear Gear-to-Gear Cable', 'sega', 149),
  acc('cables/link', 'gamecube', 'Länkkabel mellan GameCube och Game Boy Advance', 'GameCube Game Boy Advance Cable', 'nintendo', 199),
  acc('cables/link', 'playstation', 'Länkkabel till PlayStation', 'PlayStation Link Cable', 'sony', 199),
  acc('memory/memory-cards', 'playstation', 'PlayStation Memory Card 1 MB', 'PlayStation Memory Card 1 MB', 'sony', 99),
  acc('memory/memory-cards', 'playstation-2', 'PlayStation 2 Memory Card 8 MB', 'PlayStation 2 Memory Card 8 MB', 'sony', 149),
  acc('memory/memory-cards', 'n64', 'Nintendo 64 Controller Pak', 'Nintendo 64 Controller Pak', 'nintendo', 149),
  acc('memory/memory-cards', 'gamecube', 'GameCube Memory Card 59', 'GameCube Memory Card 59', 'nintendo', 129),
  acc('memory/memory-cards', 'gamecube', 'GameCube Memory Card 251', 'GameCube Memory Card 251', 'nintendo', 199),
  acc('memory/memory-cards', 'dreamcast', 'Dreamcast VMU', 'Dreamcast VMU', 'sega', 199),
  acc('memory/memory-cards', 'saturn', 'Saturn Backup RAM-kassett', 'Saturn Backup RAM Cartridge', 'sega', 349),
  acc('memory/memory-cards', 'playstation-2', 'Datel minneskort 8 MB till PlayStation 2', 'Datel 8 MB Memory Card for PlayStation 2', 'datel', 99),
  acc('memory/expansions', 'n64', 'Nintendo 64 Expansion Pak', 'Nintendo 64 Expansion Pak', 'nintendo', 399),
  acc('memory/expansions', 'n64', 'Nintendo 64 Rumble Pak', 'Nintendo 64 Rumble Pak', 'nintendo', 149),
  acc('memory/expansions', 'n64', 'Nintendo 64 Transfer Pak', 'Nintendo 64 Transfer Pak', 'nintendo', 199),
  acc('memory/expansions', 'snes', 'Super Game Boy', 'Super Game Boy', 'nintendo', 299),
  acc('memory/expansions', 'gamecube', 'Game Boy Player', 'Game Boy Player', 'nintendo', 799),
  acc('memory/expansions', 'gb', 'Game Boy Camera', 'Game Boy Camera', 'nintendo', 299),
  acc('memory/expansions', 'gb', 'Game Boy Printer', 'Game Boy Printer', 'nintendo', 399),
  acc('memory/expansions', 'mega-drive', 'Sega Mega-CD II', 'Sega Mega-CD II', 'sega', 1499),
  acc('memory/expansions', 'mega-drive', 'Sega 32X', 'Sega 32X', 'sega', 999),
  acc('memory/expansions', 'n64', 'Action Replay till Nintendo 64', 'Action Replay for Nintendo 64', 'datel', 249),
  acc('memory/expansions', 'playstation', 'PlayStation Multitap', 'PlayStation Multitap', 'sony', 299),
  acc('care/cases', 'gb', 'Bärväska till Game Boy', 'Game Boy Carry Case', 'retrofix', 149),
  acc('care/cases', 'gb', 'Förvaringsfodral för 18 Game Boy-spel', 'Storage Case for 18 Game Boy Games', 'retrofix', 99),
  acc('care/cases', 'gba', 'Skyddsfodral till Game Boy Advance SP', 'Protective Case for Game Boy Advance SP', 'retrofix', 99),
  acc('care/cases', null, 'Kassettskydd i plast, 10-pack', 'Plastic Cartridge Sleeves, 10-pack', 'retrofix', 99),
  acc('care/cases', 'playstation', 'Ersättningsfodral till PlayStation-spel', 'Replacement Case for PlayStation Games', 'retrofix', 99),
  acc('care/cleaning', null, 'Rengöringskit för kassetter', 'Cartridge Cleaning Kit', 'retrofix', 149),
  acc('care/cleaning', null, 'Kontaktspray 200 ml', 'Contact Cleaner Spray 200 ml', 'retrofix', 99),
  acc('care/cleaning', null, 'Linsrengöringsskiva för CD-konsoler', 'Lens Cleaning Disc for CD Consoles', 'retrofix', 99),
  acc('care/spare-parts', 'gb', 'Ersättningsskal till Game Boy (transparent)', 'Game Boy Replacement Shell (clear)', 'retrofix', 199),
  acc('care/spare-parts', 'gbc', 'Ersättningsskal till Game Boy Color (lila)', 'Game Boy Color Replacement Shell (purple)', 'retrofix', 199),
  acc('care/spare-parts', 'nes', '72-pinskontakt till NES', 'NES 72-Pin Connector', 'retrofix', 149),
  acc('care/spare-parts', 'gb', 'Knappsats till Game Boy', 'Game Boy Button Set', 'retrofix', 99),
  acc('care/spare-parts', 'gb', 'Bakgrundsbelyst skärm till Game Boy', 'Backlit Screen Kit for Game Boy', 'retrofix', 599),
  acc('care/spare-parts', null, 'Sparbatteri CR2032 med lödflikar', 'CR2032 Save Battery with Solder Tabs', 'retrofix', 99),
  acc('care/spare-parts', null, 'Gamebit-skruvmejslar 3,8 och 4,5 mm', 'Gamebit Screwdrivers 3.8 and 4.5 mm', 'retrofix', 99),
  acc('care/spare-parts', 'playstation', 'Laserenhet till PlayStation (KSM-440)', 'PlayStation Laser Unit (KSM-440)', 'retrofix', 299),
];
