/**
 * Real games for Nintendo's platforms, most famous first (the order drives bestseller popularity).
 * One per line: title | brand key | genre key | original release year | players [| regions: P, U, J
 * where it was never released in all three, e.g. UJ = North America and Japan only].
 * Where Rare developed a title for Nintendo the brand is Rare, so the studio shows up among the brands.
 */
export const NINTENDO_TITLES: Readonly<Record<string, string>> = {
  nes: `
Super Mario Bros.|nintendo|platform|1985|1–2
Super Mario Bros. 3|nintendo|platform|1988|1–2
The Legend of Zelda|nintendo|adventure|1986|1
Mega Man 2|capcom|platform|1988|1
Metroid|nintendo|action|1986|1
Castlevania|konami|platform|1986|1
Zelda II: The Adventure of Link|nintendo|adventure|1987|1
Super Mario Bros. 2|nintendo|platform|1988|1
Punch-Out!!|nintendo|sports|1987|1
Duck Hunt|nintendo|shooter|1984|1–2
Kirby's Adventure|nintendo|platform|1993|1
Tetris|nintendo|puzzle|1989|1
Contra|konami|action|1987|1–2
DuckTales|capcom|platform|1989|1
Final Fantasy|square|rpg|1987|1|UJ
Dragon Warrior|enix|rpg|1986|1|U
Kid Icarus|nintendo|platform|1986|1
Ninja Gaiden|tecmo|action|1988|1
Battletoads|rare|action|1991|1–2
Excitebike|nintendo|racing|1984|1
Dr. Mario|nintendo|puzzle|1990|1–2
Mega Man 3|capcom|platform|1990|1
Bubble Bobble|taito|platform|1986|1–2
Chip 'n Dale Rescue Rangers|capcom|platform|1990|1–2
Ice Climber|nintendo|platform|1985|1–2
StarTropics|nintendo|adventure|1990|1
Ghosts 'n Goblins|capcom|platform|1986|1–2
Blaster Master|sunsoft|action|1988|1
Adventure Island|hudson|platform|1986|1
R.C. Pro-Am|rare|racing|1988|1
Gradius|konami|shooter|1986|1–2
Pac-Man|namco|arcade|1984|1–2
Galaga|namco|shooter|1985|1–2
Balloon Fight|nintendo|arcade|1985|1–2
`,
  snes: `
Super Mario World|nintendo|platform|1990|1–2
The Legend of Zelda: A Link to the Past|nintendo|adventure|1991|1
Super Mario Kart|nintendo|racing|1992|1–2
Super Metroid|nintendo|action|1994|1
Donkey Kong Country|rare|platform|1994|1–2
Chrono Trigger|square|rpg|1995|1|UJ
Super Mario World 2: Yoshi's Island|nintendo|platform|1995|1
Street Fighter II Turbo|capcom|fighting|1993|1–2
Donkey Kong Country 2: Diddy's Kong Quest|rare|platform|1995|1–2
Secret of Mana|square|rpg|1993|1–3
Final Fantasy VI|square|rpg|1994|1|UJ
Super Mario RPG: Legend of the Seven Stars|nintendo|rpg|1996|1|UJ
Star Fox|nintendo|shooter|1993|1
F-Zero|nintendo|racing|1990|1
Mega Man X|capcom|platform|1993|1
EarthBound|nintendo|rpg|1994|1|U
Super Castlevania IV|konami|platform|1991|1
Donkey Kong Country 3: Dixie Kong's Double Trouble!|rare|platform|1996|1–2
Kirby's Dream Land 3|nintendo|platform|1997|1–2
Teenage Mutant Ninja Turtles IV: Turtles in Time|konami|action|1992|1–2
Terranigma|enix|rpg|1995|1
Super Ghouls 'n Ghosts|capcom|platform|1991|1
Pilotwings|nintendo|simulation|1990|1
Contra III: The Alien Wars|konami|action|1992|1–2
Super Bomberman|hudson|action|1993|1–4
International Superstar Soccer Deluxe|konami|sports|1995|1–4
Mortal Kombat II|acclaim|fighting|1994|1–2
NBA Jam|acclaim|sports|1994|1–4
Aladdin|capcom|platform|1993|1
Kirby's Fun Pak|nintendo|platform|1996|1–2
Tetris Attack|nintendo|puzzle|1996|1–2
Super Street Fighter II|capcom|fighting|1994|1–2
`,
  n64: `
Super Mario 64|nintendo|platform|1996|1
The Legend of Zelda: Ocarina of Time|nintendo|adventure|1998|1
Mario Kart 64|nintendo|racing|1996|1–4
GoldenEye 007|rare|shooter|1997|1–4
Super Smash Bros.|nintendo|fighting|1999|1–4
Banjo-Kazooie|rare|platform|1998|1
The Legend of Zelda: Majora's Mask|nintendo|adventure|2000|1
Perfect Dark|rare|shooter|2000|1–4
Mario Party|nintendo|party|1998|1–4
Star Fox 64|nintendo|shooter|1997|1–4
Diddy Kong Racing|rare|racing|1997|1–4
Paper Mario|nintendo|rpg|2000|1
Banjo-Tooie|rare|platform|2000|1–4
Donkey Kong 64|rare|platform|1999|1–4
Conker's Bad Fur Day|rare|platform|2001|1–4
Mario Party 2|nintendo|party|1999|1–4
Pokémon Stadium|nintendo|strategy|1999|1–4
F-Zero X|nintendo|racing|1998|1–4
Wave Race 64|nintendo|racing|1996|1–2
Yoshi's Story|nintendo|platform|1997|1
Kirby 64: The Crystal Shards|nintendo|platform|2000|1–4
Mario Tennis|nintendo|sports|2000|1–4
Mario Golf|nintendo|sports|1999|1–4
1080° Snowboarding|nintendo|sports|1998|1–2
Resident Evil 2|capcom|horror|1999|1
International Superstar Soccer 64|konami|sports|1997|1–4
Turok: Dinosaur Hunter|acclaim|shooter|1997|1
Bomberman 64|hudson|action|1997|1–4
Rayman 2: The Great Escape|ubisoft|platform|1999|1
Wipeout 64|psygnosis|racing|1998|1–4
Mortal Kombat 4|midway|fighting|1998|1–2
Excitebike 64|nintendo|racing|2000|1–4
`,
  gamecube: `
Super Smash Bros. Melee|nintendo|fighting|2001|1–4
The Legend of Zelda: The Wind Waker|nintendo|adventure|2002|1
Mario Kart: Double Dash!!|nintendo|racing|2003|1–4
Metroid Prime|nintendo|action|2002|1
Super Mario Sunshine|nintendo|platform|2002|1
Paper Mario: The Thousand-Year Door|nintendo|rpg|2004|1
Luigi's Mansion|nintendo|adventure|2001|1
Resident Evil 4|capcom|horror|2005|1
The Legend of Zelda: Twilight Princess|nintendo|adventure|2006|1
Pikmin|nintendo|strategy|2001|1
Animal Crossing|nintendo|simulation|2001|1
F-Zero GX|nintendo|racing|2003|1–4
Metroid Prime 2: Echoes|nintendo|action|2004|1–4
Pikmin 2|nintendo|strategy|2004|1–2
Tales of Symphonia|namco|rpg|2004|1–4
Sonic Adventure 2: Battle|sega|platform|2001|1–2
Soulcalibur II|namco|fighting|2003|1–2
Eternal Darkness: Sanity's Requiem|nintendo|horror|2002|1
Star Fox Adventures|rare|adventure|2002|1
Metal Gear Solid: The Twin Snakes|konami|action|2004|1
Resident Evil|capcom|horror|2002|1
Viewtiful Joe|capcom|action|2003|1
Pokémon Colosseum|nintendo|rpg|2003|1–2
Mario Party 4|nintendo|party|2002|1–4
Final Fantasy Crystal Chronicles|squareenix|rpg|2003|1–4
Baten Kaitos: Eternal Wings and the Lost Ocean|namco|rpg|2003|1
Ikaruga|treasure|shooter|2002|1–2
TimeSplitters 2|eidos|shooter|2002|1–4
`,
  gb: `
Tetris|nintendo|puzzle|1989|1–2
Pokémon Red|nintendo|rpg|1996|1–2
Pokémon Blue|nintendo|rpg|1996|1–2
The Legend of Zelda: Link's Awakening|nintendo|adventure|1993|1
Super Mario Land|nintendo|platform|1989|1
Super Mario Land 2: 6 Golden Coins|nintendo|platform|1992|1
Pokémon Yellow|nintendo|rpg|1998|1–2
Kirby's Dream Land|nintendo|platform|1992|1
Metroid II: Return of Samus|nintendo|action|1991|1
Wario Land: Super Mario Land 3|nintendo|platform|1994|1
Donkey Kong|nintendo|platform|1994|1
Donkey Kong Land|rare|platform|1995|1
Kirby's Dream Land 2|nintendo|platform|1995|1
Dr. Mario|nintendo|puzzle|1990|1–2
Final Fantasy Adventure|square|rpg|1991|1|U
Mega Man: Dr. Wily's Revenge|capcom|platform|1991|1
Castlevania: The Adventure|konami|platform|1989|1
Gargoyle's Quest|capcom|action|1990|1
Final Fantasy Legend|square|rpg|1989|1|U
Kid Icarus: Of Myths and Monsters|nintendo|platform|1991|1
Operation C|konami|action|1991|1
Mole Mania|nintendo|puzzle|1996|1
Game & Watch Gallery|nintendo|arcade|1997|1
`,
  gbc: `
Pokémon Gold|nintendo|rpg|1999|1–2
Pokémon Silver|nintendo|rpg|1999|1–2
Pokémon Crystal|nintendo|rpg|2000|1–2
The Legend of Zelda: Link's Awakening DX|nintendo|adventure|1998|1
The Legend of Zelda: Oracle of Ages|nintendo|adventure|2001|1
The Legend of Zelda: Oracle of Seasons|nintendo|adventure|2001|1
Super Mario Bros. Deluxe|nintendo|platform|1999|1–2
Pokémon Trading Card Game|nintendo|strategy|1998|1–2
Wario Land 3|nintendo|platform|2000|1
Pokémon Pinball|nintendo|arcade|1999|1
Metal Gear Solid|konami|action|2000|1–2
Dragon Warrior Monsters|enix|rpg|1998|1–2
Mario Tennis|nintendo|sports|2000|1–2
Mario Golf|nintendo|sports|1999|1–2
Donkey Kong Country|rare|platform|2000|1
Shantae|capcom|platform|2002|1
Tony Hawk's Pro Skater|activision|sports|1999|1
`,
  gba: `
Pokémon Emerald|nintendo|rpg|2004|1–2
Pokémon FireRed|nintendo|rpg|2004|1–2
The Legend of Zelda: The Minish Cap|nintendo|adventure|2004|1
Pokémon Ruby|nintendo|rpg|2002|1–2
Pokémon Sapphire|nintendo|rpg|2002|1–2
Pokémon LeafGreen|nintendo|rpg|2004|1–2
Metroid Fusion|nintendo|action|2002|1
Mario Kart: Super Circuit|nintendo|racing|2001|1–4
Advance Wars|nintendo|strategy|2001|1–4
Golden Sun|nintendo|rpg|2001|1–2
Castlevania: Aria of Sorrow|konami|action|2003|1
Mario & Luigi: Superstar Saga|nintendo|rpg|2003|1
The Legend of Zelda: A Link to the Past & Four Swords|nintendo|adventure|2002|1–4
Metroid: Zero Mission|nintendo|action|2004|1
Fire Emblem|nintendo|strategy|2003|1
Golden Sun: The Lost Age|nintendo|rpg|2002|1–2
Super Mario Advance 4: Super Mario Bros. 3|nintendo|platform|2003|1–2
WarioWare, Inc.: Mega Microgames!|nintendo|party|2003|1
Final Fantasy Tactics Advance|square|strategy|2003|1
Kirby & The Amazing Mirror|nintendo|platform|2004|1–4
Wario Land 4|nintendo|platform|2001|1
Castlevania: Circle of the Moon|konami|action|2001|1
Mega Man Zero|capcom|platform|2002|1
Mega Man Battle Network|capcom|rpg|2001|1–2
Sonic Advance|sega|platform|2001|1–4
Super Mario Advance|nintendo|platform|2001|1–4
Tony Hawk's Pro Skater 2|activision|sports|2001|1
`,
};
