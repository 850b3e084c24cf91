import type { BrandDef, Localized } from './types';

export interface CandyBrand extends BrandDef {
  readonly country: Localized;
}

const SE = { sv: 'Sverige', en: 'Sweden' };
const FI = { sv: 'Finland', en: 'Finland' };
const DK = { sv: 'Danmark', en: 'Denmark' };
const DE = { sv: 'Tyskland', en: 'Germany' };
const CH = { sv: 'Schweiz', en: 'Switzerland' };
const BE = { sv: 'Belgien', en: 'Belgium' };
const IT = { sv: 'Italien', en: 'Italy' };
const NL = { sv: 'Nederländerna', en: 'Netherlands' };
const UK = { sv: 'Storbritannien', en: 'United Kingdom' };
const NO = { sv: 'Norge', en: 'Norway' };

function b(key: string, name: string, country: Localized, sv: string, en: string): CandyBrand {
  return { key, name, country, description: { sv, en } };
}

export const CANDY_BRANDS: readonly CandyBrand[] = [
  b('cloetta', 'Cloetta', SE, 'Anrik konfektyrtillverkare bakom Kexchoklad, Plopp och Center.', 'Long-established confectioner behind Kexchoklad, Plopp and Center.'),
  b('fazer', 'Fazer', FI, 'Finsk klassiker känd för Fazer Blå, Geisha och Dumle.', 'Finnish classic known for Fazer Blue, Geisha and Dumle.'),
  b('marabou', 'Marabou', SE, 'Sveriges mest älskade mjölkchoklad sedan 1916.', 'Sweden’s best-loved milk chocolate since 1916.'),
  b('malaco', 'Malaco', SE, 'Skaparen av Gott & Blandat och Djungelvrål.', 'The maker of Gott & Blandat and Djungelvrål.'),
  b('haribo', 'Haribo', DE, 'Tyska gelégodisets ursprung med de berömda guldbjörnarna.', 'The home of German gummy sweets and the famous gold bears.'),
  b('lindt', 'Lindt', CH, 'Schweizisk premiumchoklad med Excellence och Lindor.', 'Swiss premium chocolate with Excellence and Lindor.'),
  b('toms', 'Toms', DK, 'Dansk chokladtillverkare med Skildpadde och Guld Barre.', 'Danish chocolate maker with Skildpadde and Guld Barre.'),
  b('bubs', 'Bubs', SE, 'Svenskt skumgodis och sura skallar utan gelatin.', 'Swedish foam sweets and sour skulls without gelatine.'),
  b('lakerol', 'Läkerol', SE, 'Pastillerna som har friskat upp andedräkten sedan 1909.', 'The pastilles that have freshened breath since 1909.'),
  b('ahlgrens', 'Ahlgrens', SE, 'Hem för Ahlgrens bilar, Sveriges mest sålda bil.', 'Home of Ahlgrens bilar, Sweden’s best-selling car.'),
  b('kexchoklad', 'Kexchoklad', SE, 'Det klassiska chokladrånet i den gula förpackningen.', 'The classic chocolate wafer in the yellow wrapper.'),
  b('bulow', 'Lakrids by Bülow', DK, 'Dansk gourmetlakrits från Bornholm.', 'Danish gourmet licorice from Bornholm.'),
  b('anthonberg', 'Anthon Berg', DK, 'Dansk marsipan och choklad sedan 1884.', 'Danish marzipan and chocolate since 1884.'),
  b('godiva', 'Godiva', BE, 'Belgiska praliner och tryfflar i lyxiga askar.', 'Belgian pralines and truffles in luxury boxes.'),
  b('toblerone', 'Toblerone', CH, 'Den trekantiga schweiziska chokladen med honung och mandelnougat.', 'The triangular Swiss chocolate with honey and almond nougat.'),
  b('nestle', 'Nestlé', CH, 'Känt för After Eight och KitKat.', 'Known for After Eight and KitKat.'),
  b('mars', 'Mars', NL, 'Bakom Snickers, Twix, Bounty och Mars.', 'Behind Snickers, Twix, Bounty and Mars.'),
  b('ferrero', 'Ferrero', IT, 'Italiensk familjeföretag med Ferrero Rocher och Raffaello.', 'Italian family business with Ferrero Rocher and Raffaello.'),
  b('guylian', 'Guylian', BE, 'Belgiska snäckor fyllda med hasselnötspralin.', 'Belgian sea shells filled with hazelnut praline.'),
  b('candypeople', 'Candy People', SE, 'Svenskt lösgodis i alla färger och smaker.', 'Swedish pick and mix in every colour and flavour.'),
  b('sockerbit', 'Sockerbit', SE, 'Skandinaviskt lösgodis med fokus på naturliga smaker.', 'Scandinavian pick and mix with a focus on natural flavours.'),
  b('parlans', 'Pärlans Konfektyr', SE, 'Handkokta kolor från Stockholm.', 'Hand-boiled caramels from Stockholm.'),
  b('mentos', 'Mentos', NL, 'Tuggtabletter och tuggummi med frisk smak.', 'Chewy mints and chewing gum with a fresh taste.'),
  b('fishermans', "Fisherman's Friend", UK, 'Starka pastiller sedan 1865.', 'Strong lozenges since 1865.'),
  b('lakritsfabriken', 'Lakritsfabriken', SE, 'Svensk hantverkslakrits kokad i små satser.', 'Swedish artisan licorice cooked in small batches.'),
  b('carletti', 'Carletti', DK, 'Dansk choklad och konfekt till bra priser.', 'Danish chocolate and confectionery at good prices.'),
  b('rittersport', 'Ritter Sport', DE, 'Den fyrkantiga chokladen i många smaker.', 'The square chocolate in many flavours.'),
  b('nidar', 'Nidar', NO, 'Norsk godisklassiker med Smørbukk och Troika.', 'Norwegian sweet classic with Smørbukk and Troika.'),
  b('panda', 'Panda', FI, 'Finsk mjuk lakrits utan konstgjorda färgämnen.', 'Finnish soft licorice without artificial colours.'),
  b('smakverket', 'Smakverket', SE, 'Vårt eget märke för presentkorgar och blandade askar.', 'Our own label for gift baskets and mixed boxes.'),
];
