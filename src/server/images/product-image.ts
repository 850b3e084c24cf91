import type { Queryable } from '../db/client';
import { BOXED } from '../db/seed/games-drafts';
import { categoryPictureFacts, productPictureFacts } from '../modules/catalog';
import { artDetails, artKind } from './art-kind';
import { drawArt } from './product-art';

const PRODUCT_FILE = /^p(\d{1,9})-(\d{1,2})\.svg$/;
const CATEGORY_FILE = /^c(\d{1,9})\.svg$/;
const BOXED_SKU_NAMES = Object.values(BOXED).map((name) => name.en);

/**
 * Product pictures are drawn here from what the product is (its category, colour and conditions), its name
 * and brand, so the shop needs no external image host and every seeded image file name resolves. A category
 * picture (`c{id}.svg`, the home page's entry points) is the object alone. Null when unknown.
 */
export async function productImageSvg(db: Queryable, file: string): Promise<string | null> {
  const category = CATEGORY_FILE.exec(file);
  if (category) return categoryImageSvg(db, Number(category[1]));
  const match = PRODUCT_FILE.exec(file);
  if (!match) return null;
  const product = await productPictureFacts(db, Number(match[1]), BOXED_SKU_NAMES);
  if (!product || !product.images?.includes(file)) return null;
  const picture = Number(match[2]);
  const kind = artKind({ variant: product.variant, categoryAlias: product.categoryAlias, boxed: product.boxed, picture });
  const { platform, motif } = artDetails(product);
  return drawArt({ kind, seed: file, title: product.name, brand: product.brand, colour: product.colour, platform, motif });
}

async function categoryImageSvg(db: Queryable, categoryId: number): Promise<string | null> {
  const category = await categoryPictureFacts(db, categoryId);
  if (!category) return null;
  return drawArt({ kind: artKind(category), seed: category.categoryAlias, ...artDetails(category) });
}
