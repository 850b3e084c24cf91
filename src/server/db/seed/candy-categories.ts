import type { CategoryNode, Localized } from './types';

function node(key: string, sv: string, en: string, children?: CategoryNode[], description?: Localized): CategoryNode {
  return { key, name: { sv, en }, ...(children ? { children } : {}), ...(description ? { description } : {}) };
}

/**
 * Three levels. The top-level names carry the shop's big search words (godis, choklad, lakrits, askar,
 * presenter) because category names are part of every product's search text.
 */
export const CANDY_CATEGORIES: readonly CategoryNode[] = [
  node('sweets', 'Godis', 'Sweets', [
    node('loose', 'Lösgodis', 'Pick & mix', [
      node('sour', 'Sura', 'Sour'),
      node('sweet', 'Söta', 'Sweet'),
      node('foam', 'Skumgodis', 'Marshmallow sweets'),
      node('sugar-free', 'Sockerfritt', 'Sugar-free'),
    ]),
    node('bagged', 'Påsgodis', 'Bagged sweets', [
      node('wine-gums', 'Vingummi och gelé', 'Wine gums & jelly'),
      node('hard-candy', 'Karameller och kola', 'Hard candy & toffee'),
      node('pastilles', 'Pastiller', 'Pastilles'),
    ]),
    node('lollipops', 'Klubbor och tuggummi', 'Lollipops & gum', [
      node('lollipops', 'Klubbor', 'Lollipops'),
      node('gum', 'Tuggummi', 'Chewing gum'),
    ]),
  ], { sv: 'Lösgodis, påsgodis och klubbor – godis för alla smaker.', en: 'Pick and mix, bagged sweets and lollipops – sweets for every taste.' }),
  node('chocolate', 'Choklad', 'Chocolate', [
    node('bars', 'Chokladkakor', 'Chocolate bars', [
      node('dark', 'Mörk choklad', 'Dark chocolate'),
      node('milk', 'Mjölkchoklad', 'Milk chocolate'),
      node('white', 'Vit choklad', 'White chocolate'),
    ]),
    node('pralines', 'Praliner och tryfflar', 'Pralines & truffles', [
      node('pralines', 'Praliner', 'Pralines'),
      node('truffles', 'Tryfflar', 'Truffles'),
    ]),
    node('snacks', 'Chokladbitar', 'Chocolate snacks', [
      node('wafers', 'Rån och kex', 'Wafers & biscuits'),
      node('filled', 'Fyllda bitar', 'Filled bars'),
      node('dragees', 'Dragerat', 'Coated treats'),
    ]),
  ], { sv: 'Chokladkakor, praliner och chokladbitar från Sverige och världen.', en: 'Chocolate bars, pralines and snacks from Sweden and the world.' }),
  node('licorice', 'Lakrits', 'Licorice', [
    node('sweet', 'Söt lakrits', 'Sweet licorice', [
      node('sticks', 'Lakritsstänger', 'Licorice sticks'),
      node('allsorts', 'Lakritskonfekt', 'Licorice allsorts'),
    ]),
    node('salty', 'Salt lakrits', 'Salty licorice', [
      node('salmiak', 'Salmiak', 'Salmiak'),
      node('salty-bites', 'Saltlakritsbitar', 'Salty licorice bites'),
    ]),
    node('gourmet', 'Gourmetlakrits', 'Gourmet licorice', [
      node('chocolate-licorice', 'Chokladlakrits', 'Chocolate licorice'),
      node('artisan', 'Hantverkslakrits', 'Artisan licorice'),
    ]),
  ], { sv: 'Söt, salt och gourmetlakrits – från klassiska stänger till hantverk.', en: 'Sweet, salty and gourmet licorice – from classic sticks to craft.' }),
  node('gifts', 'Askar och presenter', 'Boxes & gifts', [
    node('chocolate-boxes', 'Chokladaskar', 'Chocolate boxes', [
      node('classic', 'Klassiska askar', 'Classic boxes'),
      node('luxury', 'Lyxaskar', 'Luxury boxes'),
    ]),
    node('sweet-boxes', 'Godisaskar', 'Sweet boxes', [
      node('mixed', 'Blandade askar', 'Mixed boxes'),
      node('licorice-boxes', 'Lakritsaskar', 'Licorice boxes'),
    ]),
    node('baskets', 'Presentkorgar', 'Gift baskets', [
      node('themed', 'Temakorgar', 'Themed baskets'),
      node('corporate', 'Företagspresenter', 'Corporate gifts'),
    ]),
  ], { sv: 'Askar, presentkorgar och present till alla tillfällen.', en: 'Boxes, gift baskets and presents for every occasion.' }),
];

export function describeCandyCategory(path: readonly Localized[]): Localized {
  const sv = path.map((n) => n.sv).join(' › ');
  const en = path.map((n) => n.en).join(' › ');
  return {
    sv: `${sv}: färskt godis. Varor i lager skickar vi senast nästa vardag.`,
    en: `${en}: fresh sweets. Items in stock ship no later than the next working day.`,
  };
}
