import type { Localized } from './types';

export type SkuSet = 'loose' | 'bag' | 'bar' | 'piece' | 'pastille' | 'box' | 'basket';

export interface CandyLeaf {
  /** Full key of the leaf category. */
  readonly key: string;
  /** Completes "Namn från Märke – …" in the description. */
  readonly phrase: Localized;
  readonly skuSet: SkuSet;
  /** Price range in kronor of the smallest SKU. */
  readonly baseKr: readonly [number, number];
  /** Brands that make the generic items of this leaf. */
  readonly brands: readonly string[];
  /**
   * One item per line: sv name | en name | flavour | allergens (letters M milk, N nuts, G gluten; - none) |
   * vegan y/n [| brand]. Items with a brand are real products, named in full; the others are sold by every
   * brand of the leaf and get the brand in front of the name.
   */
  readonly items: string;
}

function leaf(key: string, sv: string, en: string, skuSet: SkuSet, baseKr: readonly [number, number], brands: string[], items: string): CandyLeaf {
  return { key, phrase: { sv, en }, skuSet, baseKr, brands, items };
}

export const CANDY_LEAVES: readonly CandyLeaf[] = [
  leaf('sweets/loose/sour', 'syrligt lösgodis med sockrad yta', 'tangy pick and mix with a sugary coating', 'loose', [8, 12],
    ['candypeople', 'bubs', 'haribo', 'malaco', 'sockerbit'], `
Sura persikor|Sour peaches|sour|-|n
Sura colaflaskor|Sour cola bottles|sour|-|n
Sura ormar|Sour snakes|sour|-|n
Sura tungor|Sour tongues|sour|-|y
Sura skallar|Sour skulls|sour|-|y
Sura hjärtan|Sour hearts|sour|-|n
Sura regnbågsband|Sour rainbow belts|sour|G|y
Sura äpplen|Sour apples|sour|-|n
Sura citronklyftor|Sour lemon slices|sour|-|y
Sura jordgubbar|Sour strawberries|sour|-|n`),
  leaf('sweets/loose/sweet', 'mjukt och sött lösgodis', 'soft and sweet pick and mix', 'loose', [8, 12],
    ['candypeople', 'haribo', 'malaco', 'sockerbit', 'fazer'], `
Geléhallon|Jelly raspberries|berry|-|n
Colaflaskor|Cola bottles|sweet|-|n
Gelébjörnar|Gummy bears|fruit|-|n
Persikoringar|Peach rings|fruit|-|n
Gelébilar|Jelly cars|fruit|-|n
Fruktgelé|Fruit jellies|fruit|-|y
Gelébär|Jelly berries|berry|-|y
Nappar|Gummy pacifiers|sweet|-|n
Lakritsbåtar|Licorice boats|licorice|G|y`),
  leaf('sweets/loose/foam', 'luftigt skumgodis', 'fluffy marshmallow sweets', 'loose', [8, 12],
    ['bubs', 'candypeople', 'malaco', 'sockerbit'], `
Skumbananer|Marshmallow bananas|sweet|-|n
Jordgubbsskum|Strawberry marshmallows|berry|-|n
Skumhjärtan|Marshmallow hearts|sweet|-|n
Skumbilar|Marshmallow cars|sweet|-|n
Hallonskum|Raspberry marshmallows|berry|-|y
Chokladskum|Chocolate marshmallows|chocolate|M|n
Kokosskum|Coconut marshmallows|sweet|-|n
Vaniljskum|Vanilla marshmallows|sweet|-|y`),
  leaf('sweets/loose/sugar-free', 'sockerfritt godis sötat med sötningsmedel', 'sugar-free sweets made with sweeteners', 'loose', [10, 14],
    ['candypeople', 'sockerbit', 'malaco'], `
Sockerfria gelébjörnar|Sugar-free gummy bears|fruit|-|n
Sockerfria sura hjärtan|Sugar-free sour hearts|sour|-|n
Sockerfri lakritsmix|Sugar-free licorice mix|licorice|G|y
Sockerfria fruktbitar|Sugar-free fruit pieces|fruit|-|y
Sockerfria mintkulor|Sugar-free mint balls|mint|-|y
Sockerfria colaflaskor|Sugar-free cola bottles|sweet|-|n`),
  leaf('sweets/bagged/wine-gums', 'vingummi och gelégodis i påse', 'wine gums and jelly sweets in a bag', 'bag', [15, 25],
    ['malaco', 'haribo', 'cloetta', 'candypeople', 'fazer'], `
Ahlgrens bilar|Ahlgrens bilar|sweet|-|n|ahlgrens
Ahlgrens bilar Sura|Ahlgrens bilar Sour|sour|-|n|ahlgrens
Gott & Blandat Original|Gott & Blandat Original|fruit|G|n|malaco
Gott & Blandat Supersur|Gott & Blandat Supersour|sour|G|n|malaco
Djungelvrål|Djungelvrål|salty|-|n|malaco
Haribo Guldbjörnar|Haribo Goldbears|fruit|-|n|haribo
Haribo Starmix|Haribo Starmix|fruit|-|n|haribo
Haribo Tangfastics|Haribo Tangfastics|sour|-|n|haribo
Bubs Cool Cola Skalle|Bubs Cool Cola Skull|sour|-|y|bubs
Fruktvingummi|Fruit wine gums|fruit|-|n
Sura vingummin|Sour wine gums|sour|-|n
Lakritsvingummi|Licorice wine gums|licorice|-|n
Gelémix|Jelly mix|fruit|-|y`),
  leaf('sweets/bagged/hard-candy', 'karameller och kola att njuta länge av', 'hard candy and toffee to savour', 'bag', [15, 25],
    ['parlans', 'nidar', 'fazer', 'cloetta'], `
Dumle Original|Dumle Original|caramel|M|n|fazer
Nidar Smørbukk|Nidar Smørbukk|caramel|M|n|nidar
Pärlans Gräddkola|Pärlans Cream Toffee|caramel|M|n|parlans
Pärlans Chokladkola|Pärlans Chocolate Toffee|caramel|M|n|parlans
Polkagriskarameller|Polkagris candies|mint|-|y
Salmiakkarameller|Salmiak candies|salty|-|y
Hallonkarameller|Raspberry candies|berry|-|y
Lakritskola|Licorice toffee|caramel|M|n
Kolakarameller|Toffee candies|caramel|M|n`),
  leaf('sweets/bagged/pastilles', 'pastiller i praktisk ask', 'pastilles in a handy box', 'pastille', [12, 18],
    ['lakerol', 'fishermans', 'malaco'], `
Läkerol Original|Läkerol Original|licorice|-|y|lakerol
Läkerol Salvi|Läkerol Salvi|mint|-|y|lakerol
Läkerol Cassis|Läkerol Cassis|berry|-|y|lakerol
Läkerol Eucalyptus|Läkerol Eucalyptus|mint|-|y|lakerol
Fisherman's Friend Original|Fisherman's Friend Original|mint|-|y|fishermans
Fisherman's Friend Mint|Fisherman's Friend Mint|mint|-|y|fishermans
Salmiakpastiller|Salmiak pastilles|salty|-|y
Lakritspastiller|Licorice pastilles|licorice|-|y`),
  leaf('sweets/lollipops/lollipops', 'färgglada klubbor', 'colourful lollipops', 'piece', [15, 25],
    ['candypeople', 'sockerbit', 'fazer'], `
Jätteklubba jordgubb|Giant strawberry lollipop|berry|-|y
Sur klubba|Sour lollipop|sour|-|y
Colaklubba|Cola lollipop|sweet|-|y
Salmiakklubba|Salmiak lollipop|salty|-|y
Regnbågsklubba|Rainbow lollipop|fruit|-|y
Polkagrisklubba|Polkagris lollipop|mint|-|y`),
  leaf('sweets/lollipops/gum', 'tuggummi med långvarig smak', 'chewing gum with a long-lasting taste', 'pastille', [12, 18],
    ['mentos', 'lakerol', 'fazer'], `
Mentos Pure Fresh Mint|Mentos Pure Fresh Mint|mint|-|y|mentos
Mentos Fruit|Mentos Fruit|fruit|-|n|mentos
Läkerol Dents Spearmint|Läkerol Dents Spearmint|mint|-|y|lakerol
Sockerfritt tuggummi pepparmint|Sugar-free peppermint gum|mint|-|y
Tuggummi med fruktsmak|Fruit-flavoured chewing gum|fruit|-|y
Tuggummi med salmiak|Salmiak chewing gum|salty|-|y`),
  leaf('chocolate/bars/dark', 'mörk choklad med hög kakaohalt', 'dark chocolate with a high cocoa content', 'bar', [25, 45],
    ['lindt', 'marabou', 'fazer', 'rittersport', 'anthonberg'], `
Lindt Excellence 70 %|Lindt Excellence 70 %|chocolate|M|n|lindt
Lindt Excellence 85 %|Lindt Excellence 85 %|chocolate|M|n|lindt
Lindt Excellence 90 %|Lindt Excellence 90 %|chocolate|M|n|lindt
Marabou Premium Dark 70 %|Marabou Premium Dark 70 %|chocolate|M|n|marabou
Mörk choklad apelsin|Dark chocolate orange|chocolate|-|y
Mörk choklad havssalt|Dark chocolate sea salt|chocolate|-|y
Mörk choklad mint|Dark chocolate mint|mint|-|y
Mörk choklad hallon|Dark chocolate raspberry|berry|-|y
Mörk choklad mandel|Dark chocolate almond|nut|N|y
Mörk choklad 72 %|Dark chocolate 72 %|chocolate|-|y`),
  leaf('chocolate/bars/milk', 'krämig mjölkchoklad', 'creamy milk chocolate', 'bar', [22, 40],
    ['marabou', 'fazer', 'rittersport', 'lindt', 'toms'], `
Marabou Mjölkchoklad|Marabou Milk Chocolate|chocolate|M|n|marabou
Marabou Schweizernöt|Marabou Swiss Nut|nut|MN|n|marabou
Marabou Frukt & Mandel|Marabou Fruit & Almond|nut|MN|n|marabou
Marabou Daim|Marabou Daim|caramel|MN|n|marabou
Marabou Oreo|Marabou Oreo|chocolate|MG|n|marabou
Fazer Blå|Fazer Blue|chocolate|M|n|fazer
Fazer Geisha|Fazer Geisha|nut|MN|n|fazer
Ritter Sport Alpmjölk|Ritter Sport Alpine Milk|chocolate|M|n|rittersport
Ritter Sport Hela hasselnötter|Ritter Sport Whole Hazelnuts|nut|MN|n|rittersport
Toblerone|Toblerone|nut|MN|n|toblerone
Mjölkchoklad kola och havssalt|Milk chocolate caramel & sea salt|caramel|M|n
Mjölkchoklad hasselnöt|Milk chocolate hazelnut|nut|MN|n
Mjölkchoklad jordgubb|Milk chocolate strawberry|berry|M|n
Mjölkchoklad med rostat ris|Milk chocolate with crisped rice|chocolate|M|n`),
  leaf('chocolate/bars/white', 'len vit choklad', 'smooth white chocolate', 'bar', [22, 38],
    ['lindt', 'marabou', 'fazer', 'rittersport'], `
Vit choklad vanilj|White chocolate vanilla|sweet|M|n
Vit choklad hallon|White chocolate raspberry|berry|M|n
Vit choklad kokos|White chocolate coconut|sweet|M|n
Vit choklad blåbär|White chocolate blueberry|berry|M|n
Vit choklad kola|White chocolate caramel|caramel|M|n
Vit choklad citron|White chocolate lemon|fruit|M|n`),
  leaf('chocolate/pralines/pralines', 'fyllda praliner i ask', 'filled pralines in a box', 'box', [69, 119],
    ['godiva', 'anthonberg', 'lindt', 'guylian', 'marabou'], `
Lindt Lindor Mjölk|Lindt Lindor Milk|chocolate|M|n|lindt
Guylian Sea Shells|Guylian Sea Shells|nut|MN|n|guylian
Godiva Gold Collection|Godiva Gold Collection|chocolate|MN|n|godiva
Ferrero Rocher|Ferrero Rocher|nut|MNG|n|ferrero
Ferrero Raffaello|Ferrero Raffaello|sweet|MNG|n|ferrero
Anthon Berg Marsipan|Anthon Berg Marzipan|nut|N|n|anthonberg
Nougatpraliner|Nougat pralines|nut|MN|n
Hallonpraliner|Raspberry pralines|berry|M|n
Kolapraliner|Caramel pralines|caramel|M|n
Marsipanpraliner|Marzipan pralines|nut|MN|n`),
  leaf('chocolate/pralines/truffles', 'mjuka tryfflar', 'soft truffles', 'box', [79, 119],
    ['lindt', 'godiva', 'anthonberg', 'carletti'], `
Champagnetryfflar|Champagne truffles|chocolate|M|n
Kakaotryfflar|Cocoa truffles|chocolate|M|n
Havssaltstryfflar|Sea salt truffles|chocolate|M|n
Hallontryfflar|Raspberry truffles|berry|M|n
Mörka tryfflar|Dark truffles|chocolate|M|n
Lakritstryfflar|Licorice truffles|licorice|M|n`),
  leaf('chocolate/snacks/wafers', 'krispigt chokladrån', 'crispy chocolate wafer', 'piece', [12, 20],
    ['cloetta', 'nestle', 'fazer', 'marabou'], `
Kexchoklad|Kexchoklad|chocolate|MG|n|kexchoklad
Kexchoklad Mörk|Kexchoklad Dark|chocolate|MG|n|kexchoklad
KitKat|KitKat|chocolate|MG|n|nestle
Chokladrån|Chocolate wafer|chocolate|MG|n
Kolarån|Caramel wafer|caramel|MG|n
Hasselnötsrån|Hazelnut wafer|nut|MNG|n
Chokladkex|Chocolate biscuit|chocolate|MG|n`),
  leaf('chocolate/snacks/filled', 'fylld chokladbit', 'filled chocolate bar', 'piece', [12, 22],
    ['marabou', 'mars', 'cloetta', 'toms', 'nestle'], `
Marabou Japp|Marabou Japp|caramel|M|n|marabou
Cloetta Plopp|Cloetta Plopp|caramel|M|n|cloetta
Cloetta Center|Cloetta Center|caramel|MG|n|cloetta
Snickers|Snickers|nut|MN|n|mars
Twix|Twix|caramel|MG|n|mars
Bounty|Bounty|sweet|M|n|mars
Toms Guld Barre|Toms Guld Barre|caramel|M|n|toms
Toms Skildpadde|Toms Skildpadde|caramel|MG|n|toms
Kokosbit|Coconut bar|sweet|M|n
Mintbit|Mint bar|mint|M|n
Kolabit|Caramel bar|caramel|M|n
Nougatbit|Nougat bar|nut|MN|n`),
  leaf('chocolate/snacks/dragees', 'chokladöverdragna godsaker', 'chocolate-coated treats', 'bag', [18, 28],
    ['marabou', 'cloetta', 'fazer', 'candypeople'], `
Cloetta Polly|Cloetta Polly|chocolate|M|n|cloetta
Chokladrussin|Chocolate raisins|chocolate|M|n
Chokladmandlar|Chocolate almonds|nut|MN|n
Chokladjordnötter|Chocolate peanuts|nut|MN|n
Chokladknappar|Chocolate buttons|chocolate|M|n
Chokladdragerade hallon|Chocolate-coated raspberries|berry|M|n`),
  leaf('licorice/sweet/sticks', 'mjuka lakritsstänger', 'soft licorice sticks', 'bag', [15, 25],
    ['panda', 'malaco', 'haribo', 'fazer'], `
Panda Lakritsstänger|Panda Licorice Bars|licorice|G|y|panda
Lakritsstänger|Licorice sticks|licorice|G|y
Lakritsrep|Licorice ropes|licorice|G|y
Jordgubbslakrits|Strawberry licorice|berry|G|y
Hallonlakrits|Raspberry licorice|berry|G|y
Lakritsrullar|Licorice wheels|licorice|G|y`),
  leaf('licorice/sweet/allsorts', 'färgglad lakritskonfekt', 'colourful licorice allsorts', 'bag', [18, 28],
    ['malaco', 'haribo', 'fazer', 'candypeople'], `
Lakritskonfekt|Licorice allsorts|licorice|G|n
Engelsk lakritskonfekt|English licorice allsorts|licorice|G|n
Lakritskonfekt mini|Mini licorice allsorts|licorice|G|n
Kokoslakrits|Coconut licorice|licorice|G|n`),
  leaf('licorice/salty/salmiak', 'kraftig salmiaklakrits', 'bold salmiak licorice', 'bag', [15, 25],
    ['fazer', 'malaco', 'lakritsfabriken', 'panda'], `
Tyrkisk Peber|Tyrkisk Peber|salty|-|y|fazer
Fazer Salmiakki|Fazer Salmiakki|salty|G|y|fazer
Salmiakrutor|Salmiak diamonds|salty|-|y
Salmiakfiskar|Salmiak fish|salty|G|y
Dubbelsalt salmiak|Double salt salmiak|salty|G|y`),
  leaf('licorice/salty/salty-bites', 'salta lakritsbitar', 'salty licorice bites', 'bag', [15, 25],
    ['malaco', 'haribo', 'candypeople', 'sockerbit'], `
Saltlakritsbåtar|Salty licorice boats|salty|G|y
Salta katter|Salty cats|salty|G|y
Saltlakritsbitar|Salty licorice bites|salty|G|y
Salta fiskar|Salty fish|salty|G|y
Salta mynt|Salty coins|salty|-|y`),
  leaf('licorice/gourmet/chocolate-licorice', 'chokladöverdragen gourmetlakrits', 'chocolate-coated gourmet licorice', 'box', [49, 99],
    ['bulow', 'lakritsfabriken', 'toms', 'carletti'], `
Chokladlakrits mjölkchoklad|Milk chocolate licorice|licorice|MG|n
Chokladlakrits mörk|Dark chocolate licorice|licorice|MG|n
Chokladlakrits hallon|Raspberry chocolate licorice|berry|MG|n
Chokladlakrits kola|Caramel chocolate licorice|caramel|MG|n
Chokladlakrits passionsfrukt|Passion fruit chocolate licorice|fruit|MG|n
Chokladlakrits havssalt|Sea salt chocolate licorice|salty|MG|n`),
  leaf('licorice/gourmet/artisan', 'hantverkslakrits kokad i små satser', 'artisan licorice cooked in small batches', 'bag', [35, 59],
    ['lakritsfabriken', 'bulow', 'panda'], `
Hantverkslakrits original|Artisan licorice original|licorice|-|y
Hantverkslakrits salt|Salty artisan licorice|salty|-|y
Hantverkslakrits chili|Chili artisan licorice|salty|-|y
Hantverkslakrits blodapelsin|Blood orange artisan licorice|fruit|-|y
Hantverkslakrits fläder|Elderflower artisan licorice|fruit|-|y`),
  leaf('gifts/chocolate-boxes/classic', 'en klassisk chokladask som passar som present', 'a classic chocolate box that makes a lovely present', 'box', [69, 119],
    ['marabou', 'fazer', 'cloetta', 'anthonberg', 'nestle'], `
Marabou Aladdin ask|Marabou Aladdin box|chocolate|MN|n|marabou
Marabou Paradis ask|Marabou Paradis box|chocolate|MN|n|marabou
After Eight ask|After Eight box|mint|M|n|nestle
Chokladask klassisk|Classic chocolate box|chocolate|MN|n
Konfektask|Assorted chocolates box|chocolate|MN|n
Mintkonfektask|Mint chocolates box|mint|M|n
Nougatask|Nougat box|nut|MN|n`),
  leaf('gifts/chocolate-boxes/luxury', 'en lyxig ask med handgjorda praliner', 'a luxurious box of handmade pralines', 'box', [99, 129],
    ['godiva', 'lindt', 'guylian', 'anthonberg'], `
Ferrero Rocher presentask|Ferrero Rocher gift box|nut|MNG|n|ferrero
Pralinask lyx|Luxury praline box|chocolate|MN|n
Tryffelask|Truffle box|chocolate|M|n
Presentask med 24 praliner|Gift box with 24 pralines|chocolate|MN|n
Champagnetryffelask|Champagne truffle box|chocolate|M|n`),
  leaf('gifts/sweet-boxes/mixed', 'en ask fylld med blandat godis', 'a box filled with mixed sweets', 'box', [69, 109],
    ['smakverket', 'candypeople', 'sockerbit', 'malaco'], `
Godisask klassiker|Classic sweets box|sweet|G|n
Sur godisask|Sour sweets box|sour|-|n
Retrogodisask|Retro sweets box|sweet|G|n
Skumgodisask|Marshmallow box|sweet|-|n
Vegansk godisask|Vegan sweets box|fruit|-|y
Födelsedagsask med godis|Birthday sweets box|sweet|G|n`),
  leaf('gifts/sweet-boxes/licorice-boxes', 'en ask med utvald lakrits', 'a box of selected licorice', 'box', [79, 119],
    ['bulow', 'lakritsfabriken', 'smakverket', 'malaco'], `
Lakritsask blandad|Mixed licorice box|licorice|G|n
Saltlakritsask|Salty licorice box|salty|G|y
Lakritsprovning i ask|Licorice tasting box|licorice|MG|n
Chokladlakritsask|Chocolate licorice box|licorice|MG|n`),
  leaf('gifts/baskets/themed', 'en presentkorg fylld med godsaker', 'a gift basket full of treats', 'basket', [149, 199],
    ['smakverket'], `
Presentkorg Fredagsmys|Friday treat gift basket|sweet|MNG|n
Presentkorg Choklad|Chocolate gift basket|chocolate|MN|n
Presentkorg Lakrits|Licorice gift basket|licorice|G|n
Presentkorg Godis|Pick and mix gift basket|sweet|G|n
Presentkorg Tack|Thank-you gift basket|chocolate|MN|n
Presentkorg Grattis|Congratulations gift basket|chocolate|MNG|n
Presentkorg Vegansk|Vegan gift basket|fruit|N|y`),
  leaf('gifts/baskets/corporate', 'en företagspresent som uppskattas av alla', 'a corporate present everyone appreciates', 'basket', [169, 199],
    ['smakverket', 'marabou', 'lindt'], `
Julklappskorg till personalen|Staff Christmas gift basket|chocolate|MNG|n
Kundpresent med choklad|Client present with chocolate|chocolate|MN|n
Tackpresent till kollegan|Thank-you present for a colleague|sweet|MNG|n
Fikakorg till kontoret|Office fika basket|sweet|MNG|n`),
];
