import type { SkuSet } from './candy-products';
import type { Localized } from './types';

export const FLAVOURS: Readonly<Record<string, { readonly name: Localized; readonly sentence: Localized }>> = {
  sour: { name: { sv: 'Sur', en: 'Sour' }, sentence: { sv: 'Syrligheten kittlar i munnen innan sötman tar över.', en: 'The tang tickles your mouth before the sweetness takes over.' } },
  sweet: { name: { sv: 'Söt', en: 'Sweet' }, sentence: { sv: 'En söt och mjuk klassiker som passar hela familjen.', en: 'A soft, sweet classic for the whole family.' } },
  fruit: { name: { sv: 'Frukt', en: 'Fruit' }, sentence: { sv: 'Fruktig smak med en frisk och naturlig känsla.', en: 'A fruity flavour with a fresh, natural feel.' } },
  berry: { name: { sv: 'Bär', en: 'Berry' }, sentence: { sv: 'Smaken av nordiska bär gör det svårt att sluta äta.', en: 'The taste of Nordic berries makes it hard to stop eating.' } },
  salty: { name: { sv: 'Salt', en: 'Salty' }, sentence: { sv: 'Salt och salmiak ger en kraftig smak för den som gillar det starkt.', en: 'Salt and salmiak give a bold taste for those who like it strong.' } },
  licorice: { name: { sv: 'Lakrits', en: 'Licorice' }, sentence: { sv: 'Rund och fyllig lakritssmak som dröjer sig kvar.', en: 'A round, full licorice flavour that lingers.' } },
  chocolate: { name: { sv: 'Choklad', en: 'Chocolate' }, sentence: { sv: 'Krämig choklad som smälter långsamt på tungan.', en: 'Creamy chocolate that melts slowly on the tongue.' } },
  mint: { name: { sv: 'Mint', en: 'Mint' }, sentence: { sv: 'Frisk mintsmak som svalkar.', en: 'A fresh, cooling mint flavour.' } },
  caramel: { name: { sv: 'Kola', en: 'Toffee' }, sentence: { sv: 'Smörig kolasmak med en len konsistens.', en: 'A buttery toffee flavour with a smooth texture.' } },
  nut: { name: { sv: 'Nöt', en: 'Nut' }, sentence: { sv: 'Rostade nötter ger både knaprighet och djup smak.', en: 'Roasted nuts add crunch and depth of flavour.' } },
};

const ALLERGEN_WORDS: Readonly<Record<string, Localized>> = {
  M: { sv: 'mjölk', en: 'milk' },
  N: { sv: 'nötter', en: 'nuts' },
  G: { sv: 'gluten', en: 'gluten' },
};

function listOf(words: readonly string[], and: string): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${and} ${words[words.length - 1] ?? ''}`;
}

/** Letters M, N, G (or '-') to a filter value and a label sentence in both languages. */
export function allergens(code: string): { value: Localized; sentence: Localized } {
  const words = [...code].map((letter) => ALLERGEN_WORDS[letter]).filter((w): w is Localized => w !== undefined);
  if (words.length === 0) {
    return {
      value: { sv: 'Inga', en: 'None' },
      sentence: { sv: 'Innehåller inga av de vanligaste allergenerna.', en: 'Contains none of the most common allergens.' },
    };
  }
  const sv = words.map((w) => w.sv);
  const en = words.map((w) => w.en);
  const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    value: { sv: capital(sv.join(', ')), en: capital(en.join(', ')) },
    sentence: { sv: `Innehåller ${listOf(sv, 'och')}.`, en: `Contains ${listOf(en, 'and')}.` },
  };
}

/** SKU ladders per kind of product: name and price relative to the smallest size. */
export const SKU_SETS: Readonly<Record<SkuSet, readonly { readonly name: Localized; readonly factor: number }[]>> = {
  loose: [
    { name: { sv: '100 g', en: '100 g' }, factor: 1 },
    { name: { sv: '500 g', en: '500 g' }, factor: 4.5 },
    { name: { sv: '1 kg', en: '1 kg' }, factor: 8 },
  ],
  bag: [
    { name: { sv: 'Påse 80 g', en: 'Bag 80 g' }, factor: 1 },
    { name: { sv: 'Storpåse 250 g', en: 'Large bag 250 g' }, factor: 2.6 },
    { name: { sv: 'Kartong 12 × 80 g', en: 'Carton 12 × 80 g' }, factor: 10 },
  ],
  bar: [
    { name: { sv: '100 g', en: '100 g' }, factor: 1 },
    { name: { sv: '200 g', en: '200 g' }, factor: 1.8 },
    { name: { sv: 'Storpack 10 × 100 g', en: 'Multipack 10 × 100 g' }, factor: 8.5 },
  ],
  piece: [
    { name: { sv: '1 st', en: '1 pc' }, factor: 1 },
    { name: { sv: '4-pack', en: '4-pack' }, factor: 3.4 },
    { name: { sv: 'Låda 24 st', en: 'Box of 24' }, factor: 15 },
  ],
  pastille: [
    { name: { sv: '1 ask', en: '1 box' }, factor: 1 },
    { name: { sv: '4-pack', en: '4-pack' }, factor: 3.5 },
    { name: { sv: 'Kartong 24 askar', en: 'Carton of 24 boxes' }, factor: 18 },
  ],
  box: [
    { name: { sv: '250 g', en: '250 g' }, factor: 1 },
    { name: { sv: '500 g', en: '500 g' }, factor: 1.8 },
    { name: { sv: '1 kg', en: '1 kg' }, factor: 3 },
  ],
  basket: [
    { name: { sv: 'Liten, 600 g', en: 'Small, 600 g' }, factor: 1 },
    { name: { sv: 'Mellan, 1,2 kg', en: 'Medium, 1.2 kg' }, factor: 1.5 },
    { name: { sv: 'Stor, 2 kg', en: 'Large, 2 kg' }, factor: 2 },
  ],
};

export function closingSentence(categoryKey: string): Localized {
  if (categoryKey.startsWith('sweets/loose/')) {
    return { sv: 'Vi väger upp godiset samma dag som det skickas.', en: 'We weigh up the sweets on the day they ship.' };
  }
  if (categoryKey.startsWith('gifts/')) {
    return {
      sv: 'Perfekt som present – vi skriver gärna en hälsning på följesedeln.',
      en: 'Perfect as a present – we are happy to add a greeting to the packing slip.',
    };
  }
  if (categoryKey.startsWith('chocolate/')) {
    return {
      sv: 'Under varma veckor skickar vi choklad i isolerad förpackning.',
      en: 'During warm weeks we ship chocolate in insulated packaging.',
    };
  }
  return { sv: 'Du får fri frakt när du handlar för minst 499 kr.', en: 'Shipping is free when you spend at least SEK 499.' };
}

/** Extra editions used only when a huge catalog has used every brand-and-item combination once. */
export const EDITIONS: readonly Localized[] = [
  { sv: 'Ekologisk', en: 'Organic' },
  { sv: 'Jumbo', en: 'Jumbo' },
  { sv: 'Sommarutgåva', en: 'Summer Edition' },
  { sv: 'Limited Edition', en: 'Limited Edition' },
  { sv: 'Julutgåva', en: 'Christmas Edition' },
];
