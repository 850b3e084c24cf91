/**
 * Real games for Sega, Sony and Atari platforms, most famous first (the order drives bestseller popularity).
 * One per line: title | brand key | genre key | original release year | players [| regions: P, U, J
 * where it was never released in all three, e.g. UJ = North America and Japan only].
 */
export const OTHER_TITLES: Readonly<Record<string, string>> = {
  'master-system': `
Alex Kidd in Miracle World|sega|platform|1986|1
Sonic the Hedgehog|sega|platform|1991|1
Wonder Boy III: The Dragon's Trap|sega|platform|1989|1
Phantasy Star|sega|rpg|1987|1
Castle of Illusion Starring Mickey Mouse|sega|platform|1990|1
Sonic the Hedgehog 2|sega|platform|1992|1
Shinobi|sega|action|1988|1
Out Run|sega|racing|1987|1
Golden Axe Warrior|sega|rpg|1991|1
Psycho Fox|sega|platform|1989|1
R-Type|sega|shooter|1988|1
Wonder Boy in Monster Land|sega|platform|1988|1
Master of Darkness|sega|platform|1992|1
Asterix|sega|platform|1991|1–2
Fantasy Zone|sega|shooter|1986|1
Hang-On|sega|racing|1985|1
Power Strike|sega|shooter|1988|1
Micro Machines|codemasters|racing|1993|1–2
`,
  'mega-drive': `
Sonic the Hedgehog 2|sega|platform|1992|1–2
Sonic the Hedgehog|sega|platform|1991|1
Streets of Rage 2|sega|action|1992|1–2
Sonic the Hedgehog 3|sega|platform|1994|1–2
Gunstar Heroes|treasure|action|1993|1–2
Phantasy Star IV: The End of the Millennium|sega|rpg|1993|1
Shining Force II|sega|strategy|1993|1
Sonic & Knuckles|sega|platform|1994|1
Golden Axe|sega|action|1989|1–2
Streets of Rage|sega|action|1991|1–2
Castlevania: The New Generation|konami|platform|1994|1
Ecco the Dolphin|sega|adventure|1992|1
Aladdin|sega|platform|1993|1
Landstalker|sega|rpg|1992|1
Rocket Knight Adventures|konami|platform|1993|1
Comix Zone|sega|action|1995|1
Street Fighter II': Special Champion Edition|capcom|fighting|1993|1–2
Mortal Kombat|acclaim|fighting|1993|1–2
NHL 94|ea|sports|1993|1–4
FIFA International Soccer|ea|sports|1993|1–4
Road Rash II|ea|racing|1992|1–2
Desert Strike: Return to the Gulf|ea|shooter|1992|1
Micro Machines|codemasters|racing|1993|1–2
Shining Force|sega|strategy|1992|1
ToeJam & Earl|sega|adventure|1991|1–2
Vectorman|sega|action|1995|1
Castle of Illusion Starring Mickey Mouse|sega|platform|1990|1
Altered Beast|sega|action|1988|1–2
Mega Bomberman|hudson|action|1994|1–4
`,
  saturn: `
Nights into Dreams...|sega|action|1996|1–2
Panzer Dragoon Saga|sega|rpg|1998|1
Sega Rally Championship|sega|racing|1995|1–2
Virtua Fighter 2|sega|fighting|1995|1–2
Guardian Heroes|treasure|action|1996|1–2
Daytona USA|sega|racing|1995|1–2
Panzer Dragoon|sega|shooter|1995|1
Radiant Silvergun|treasure|shooter|1998|1–2|J
Saturn Bomberman|hudson|action|1996|1–10
Burning Rangers|sega|action|1998|1
Shining Force III|sega|strategy|1998|1
Dragon Force|sega|strategy|1996|1|UJ
Street Fighter Alpha 2|capcom|fighting|1996|1–2
Tomb Raider|eidos|adventure|1996|1
Fighters Megamix|sega|fighting|1996|1–2
Virtua Cop|sega|shooter|1995|1–2
Sonic Jam|sega|platform|1997|1
X-Men: Children of the Atom|capcom|fighting|1995|1–2
Marvel Super Heroes|capcom|fighting|1997|1–2
Virtua Fighter|sega|fighting|1994|1–2
`,
  dreamcast: `
Shenmue|sega|adventure|1999|1
Sonic Adventure|sega|platform|1998|1
Soulcalibur|namco|fighting|1999|1–2
Jet Set Radio|sega|action|2000|1
Skies of Arcadia|sega|rpg|2000|1
Crazy Taxi|sega|racing|1999|1
Shenmue II|sega|adventure|2001|1
Sonic Adventure 2|sega|platform|2001|1–2
Resident Evil Code: Veronica|capcom|horror|2000|1
Phantasy Star Online|sega|rpg|2000|1–4
Power Stone 2|capcom|fighting|2000|1–4
Marvel vs. Capcom 2|capcom|fighting|2000|1–2
ChuChu Rocket!|sega|puzzle|1999|1–4
Virtua Tennis|sega|sports|2000|1–4
Rez|sega|shooter|2001|1
Space Channel 5|sega|music|1999|1
Samba de Amigo|sega|music|1999|1–2
Metropolis Street Racer|sega|racing|2000|1–2
Power Stone|capcom|fighting|1999|1–2
Dead or Alive 2|tecmo|fighting|2000|1–2
Grandia II|ubisoft|rpg|2000|1
Rayman 2: The Great Escape|ubisoft|platform|2000|1
Tony Hawk's Pro Skater 2|activision|sports|2000|1–2
Quake III Arena|sega|shooter|2000|1–4
`,
  'game-gear': `
Sonic the Hedgehog|sega|platform|1991|1
Sonic the Hedgehog 2|sega|platform|1992|1
Columns|sega|puzzle|1990|1–2
Shinobi|sega|action|1991|1
Sonic Chaos|sega|platform|1993|1
Castle of Illusion Starring Mickey Mouse|sega|platform|1991|1
Ax Battler: A Legend of Golden Axe|sega|rpg|1991|1
Streets of Rage|sega|action|1992|1–2
Defenders of Oasis|sega|rpg|1992|1
Aladdin|sega|platform|1994|1
Mortal Kombat|acclaim|fighting|1993|1–2
Super Monaco GP|sega|racing|1991|1–2
`,
  playstation: `
Final Fantasy VII|square|rpg|1997|1
Metal Gear Solid|konami|action|1998|1
Crash Bandicoot|sony|platform|1996|1
Castlevania: Symphony of the Night|konami|action|1997|1
Gran Turismo|sony|racing|1997|1–2
Spyro the Dragon|sony|platform|1998|1
Resident Evil 2|capcom|horror|1998|1
Tekken 3|namco|fighting|1998|1–2
Crash Team Racing|sony|racing|1999|1–4
Final Fantasy VIII|square|rpg|1999|1
Silent Hill|konami|horror|1999|1
Final Fantasy IX|square|rpg|2000|1
Crash Bandicoot 2: Cortex Strikes Back|sony|platform|1997|1
Crash Bandicoot: Warped|sony|platform|1998|1
Tomb Raider|eidos|adventure|1996|1
Resident Evil|capcom|horror|1996|1
Chrono Cross|square|rpg|1999|1|UJ
Final Fantasy Tactics|square|strategy|1997|1|UJ
Tony Hawk's Pro Skater|activision|sports|1999|1–2
Gran Turismo 2|sony|racing|1999|1–2
Spyro 2: Gateway to Glimmer|sony|platform|1999|1
Wipeout 2097|psygnosis|racing|1996|1–2
MediEvil|sony|action|1998|1
Resident Evil 3: Nemesis|capcom|horror|1999|1
Vagrant Story|square|rpg|2000|1
Xenogears|square|rpg|1998|1|UJ
Ape Escape|sony|platform|1999|1
The Legend of Dragoon|sony|rpg|1999|1
Tekken 2|namco|fighting|1996|1–2
Tomb Raider II|eidos|adventure|1997|1
Wipeout|psygnosis|racing|1995|1–2
Colin McRae Rally|codemasters|racing|1998|1–2
PaRappa the Rapper|sony|music|1996|1
Suikoden|konami|rpg|1995|1
Dino Crisis|capcom|horror|1999|1
Mega Man Legends|capcom|action|1998|1
Spider-Man|activision|action|2000|1
Ridge Racer|namco|racing|1995|1
Destruction Derby|psygnosis|racing|1995|1–2
Street Fighter Alpha 3|capcom|fighting|1998|1–2
Rayman|ubisoft|platform|1995|1
Parasite Eve|square|rpg|1998|1|UJ
Micro Machines V3|codemasters|racing|1997|1–4
`,
  'playstation-2': `
Grand Theft Auto: San Andreas|rockstar|action|2004|1–2
Shadow of the Colossus|sony|adventure|2005|1
Metal Gear Solid 3: Snake Eater|konami|action|2004|1
Final Fantasy X|square|rpg|2001|1
Kingdom Hearts|square|rpg|2002|1
Grand Theft Auto: Vice City|rockstar|action|2002|1
God of War|sony|action|2005|1
Gran Turismo 4|sony|racing|2004|1–2
Silent Hill 2|konami|horror|2001|1
Ico|sony|adventure|2001|1
Okami|capcom|adventure|2006|1
Kingdom Hearts II|squareenix|rpg|2005|1
Metal Gear Solid 2: Sons of Liberty|konami|action|2001|1
Jak and Daxter: The Precursor Legacy|sony|platform|2001|1
Ratchet & Clank|sony|platform|2002|1
SingStar|sony|music|2004|1–2
Burnout 3: Takedown|ea|racing|2004|1–2
Resident Evil 4|capcom|horror|2005|1
Dragon Quest VIII: Journey of the Cursed King|squareenix|rpg|2004|1
Final Fantasy XII|squareenix|rpg|2006|1
Grand Theft Auto III|rockstar|action|2001|1
Gran Turismo 3: A-Spec|sony|racing|2001|1–2
Sly Raccoon|sony|platform|2002|1
Devil May Cry|capcom|action|2001|1
Tekken 5|namco|fighting|2005|1–2
Shin Megami Tensei: Persona 4|atlus|rpg|2008|1
Shin Megami Tensei: Persona 3 FES|atlus|rpg|2008|1
Buzz!: The Music Quiz|sony|party|2005|1–4
Guitar Hero II|activision|music|2006|1–2
Prince of Persia: The Sands of Time|ubisoft|action|2003|1
Beyond Good & Evil|ubisoft|adventure|2003|1
Need for Speed: Underground|ea|racing|2003|1–2
SSX Tricky|ea|sports|2001|1–2
TimeSplitters 2|eidos|shooter|2002|1–4
Final Fantasy X-2|squareenix|rpg|2003|1
Soulcalibur II|namco|fighting|2003|1–2
Tony Hawk's Underground|activision|sports|2003|1–2
Pro Evolution Soccer 5|konami|sports|2005|1–4
Colin McRae Rally 2005|codemasters|racing|2004|1–2
`,
  'atari-2600': `
Pitfall!|activision|platform|1982|1
Space Invaders|atari|shooter|1980|1–2
River Raid|activision|shooter|1982|1–2
Adventure|atari|adventure|1980|1
Asteroids|atari|shooter|1981|1–2
Missile Command|atari|shooter|1981|1–2
Yars' Revenge|atari|shooter|1982|1–2
H.E.R.O.|activision|action|1984|1–2
Kaboom!|activision|arcade|1981|1–2
Combat|atari|action|1977|2
Breakout|atari|arcade|1978|1–2
Enduro|activision|racing|1983|1
Ms. Pac-Man|atari|arcade|1983|1–2
Centipede|atari|shooter|1983|1–2
Pac-Man|atari|arcade|1982|1–2
Berzerk|atari|shooter|1982|1–2
Defender|atari|shooter|1981|1–2
Pole Position|atari|racing|1983|1
Video Olympics|atari|sports|1977|1–4
E.T. the Extra-Terrestrial|atari|adventure|1982|1
`,
  'atari-7800': `
Food Fight|atari|arcade|1987|1
Ninja Golf|atari|sports|1990|1
Ms. Pac-Man|atari|arcade|1987|1–2
Asteroids|atari|shooter|1987|1–2
Dig Dug|atari|arcade|1987|1–2
Joust|atari|arcade|1987|1–2
Centipede|atari|shooter|1987|1–2
Xevious|atari|shooter|1987|1
Galaga|atari|shooter|1987|1–2
Commando|atari|action|1989|1
`,
};
