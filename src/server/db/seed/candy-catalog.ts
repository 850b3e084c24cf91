import { campaignsFor } from './campaigns';
import { CANDY_BRANDS, type CandyBrand } from './candy-brands';
import { CANDY_CATEGORIES, describeCandyCategory } from './candy-categories';
import { CANDY_LEAVES, type CandyLeaf } from './candy-products';
import { EDITIONS, FLAVOURS, SKU_SETS, allergens, closingSentence } from './candy-texts';
import { shelfPriceMinor } from './pricing';
import type { Rng } from './random';
import type { Localized, ProductDraft, SkuDraft, VariantCatalog } from './types';

const CANDY_MIN_PRICE = 1_500;
const CANDY_MAX_PRICE = 39_900;

interface CandyItem {
  readonly leaf: CandyLeaf;
  readonly name: Localized;
  readonly flavour: string;
  readonly allergens: string;
  readonly vegan: boolean;
  readonly brand: CandyBrand;
  /** Real products are named in full; generic items get the brand in front. */
  readonly fixed: boolean;
}

/** "Made in the Netherlands", but "Made in Sweden". */
function madeIn(country: string): string {
  return country === 'Netherlands' || country === 'United Kingdom' ? `the ${country}` : country;
}

const BRANDS = new Map(CANDY_BRANDS.map((b) => [b.key, b]));

function brandOf(key: string): CandyBrand {
  const brand = BRANDS.get(key);
  if (!brand) throw new Error(`Unknown candy brand ${key}`);
  return brand;
}

/** Every sellable brand-and-item combination; fails loudly on a typo in the lists. */
function candyItems(): CandyItem[] {
  const items: CandyItem[] = [];
  for (const leaf of CANDY_LEAVES) {
    for (const line of leaf.items.split('\n').map((l) => l.trim()).filter((l) => l !== '')) {
      const [sv, en, flavour, allergenCode, vegan, brandKey] = line.split('|');
      if (!sv || !en || !flavour || !allergenCode || !vegan) throw new Error(`Bad candy line: ${line}`);
      if (!FLAVOURS[flavour]) throw new Error(`Unknown flavour in: ${line}`);
      const base = { leaf, name: { sv, en }, flavour, allergens: allergenCode, vegan: vegan === 'y' };
      if (brandKey) {
        items.push({ ...base, brand: brandOf(brandKey), fixed: true });
      } else {
        for (const key of leaf.brands) items.push({ ...base, brand: brandOf(key), fixed: false });
      }
    }
  }
  return items;
}

function candyDraft(rng: Rng, item: CandyItem, edition: Localized | null): ProductDraft {
  const { leaf, brand } = item;
  const flavour = FLAVOURS[item.flavour] ?? { name: { sv: '', en: '' }, sentence: { sv: '', en: '' } };
  const allergen = allergens(item.allergens);
  const base = item.fixed ? item.name : { sv: `${brand.name} ${item.name.sv}`, en: `${brand.name} ${item.name.en}` };
  const name = edition ? { sv: `${base.sv} ${edition.sv}`, en: `${base.en} ${edition.en}` } : base;
  const byline = name.sv.startsWith(brand.name)
    ? { sv: name.sv, en: name.en }
    : { sv: `${name.sv} från ${brand.name}`, en: `${name.en} from ${brand.name}` };

  const count = rng.weighted([{ value: 1, weight: 25 }, { value: 2, weight: 35 }, { value: 3, weight: 40 }]);
  const baseKr = rng.int(leaf.baseKr[0], leaf.baseKr[1]);
  const skus: SkuDraft[] = (SKU_SETS[leaf.skuSet] ?? []).slice(0, count).map((size) => ({
    name: size.name,
    priceMinor: shelfPriceMinor(baseKr * size.factor * (0.95 + rng.next() * 0.1), CANDY_MIN_PRICE, CANDY_MAX_PRICE),
  }));
  const closing = closingSentence(leaf.key);

  return {
    name,
    brandKey: brand.key,
    categoryKey: leaf.key,
    aliasSuffixes: [{ sv: brand.name, en: brand.name }],
    parameters: [
      { name: { sv: 'Smak', en: 'Flavour' }, value: flavour.name },
      { name: { sv: 'Allergener', en: 'Allergens' }, value: allergen.value },
      { name: { sv: 'Vegansk', en: 'Vegan' }, value: item.vegan ? { sv: 'Ja', en: 'Yes' } : { sv: 'Nej', en: 'No' } },
      { name: { sv: 'Ursprungsland', en: 'Country of origin' }, value: brand.country },
    ],
    skus,
    description: {
      sv: `${byline.sv} – ${leaf.phrase.sv}. ${flavour.sentence.sv} ${closing.sv}`,
      en: `${byline.en} – ${leaf.phrase.en}. ${flavour.sentence.en} ${closing.en}`,
    },
    specification: {
      sv: `${allergen.sentence.sv} ${item.vegan ? 'Produkten är vegansk.' : 'Produkten är inte vegansk.'} Tillverkad i ${brand.country.sv}. Förvaras torrt och svalt.`,
      en: `${allergen.sentence.en} ${item.vegan ? 'The product is vegan.' : 'The product is not vegan.'} Made in ${madeIn(brand.country.en)}. Store in a cool, dry place.`,
    },
    extraInformation: {
      sv: 'Bäst före minst tre månader från leveransdagen.',
      en: 'Best before at least three months from the day of delivery.',
    },
    popularity: item.fixed ? 0.5 + rng.next() * 0.5 : 0.05 + rng.next() * 0.45,
    stockProfile: leaf.key.startsWith('sweets/loose/') ? 'loose-weight' : 'new',
  };
}

export const candyCatalog: VariantCatalog = {
  variant: 'candy',
  vatRate: 12,
  articlePrefix: 'SG',
  categories: CANDY_CATEGORIES,
  describeCategory: describeCandyCategory,
  brands: CANDY_BRANDS,
  campaigns: campaignsFor('candy'),
  createDrafter(rng: Rng): () => ProductDraft {
    const all = candyItems();
    let queue = rng.shuffle(all);
    let round = 0;
    return () => {
      let item = queue.shift();
      if (!item) {
        // Every combination is used: start over with an edition name so the new round reads as new products.
        round += 1;
        queue = rng.shuffle(all);
        item = queue.shift();
        if (!item) throw new Error('The candy catalog has no items');
      }
      const edition = round === 0 ? null : (EDITIONS[(round - 1) % EDITIONS.length] ?? null);
      return candyDraft(rng, item, edition);
    };
  },
};
