import type { Queryable } from '../db/client';
import { BOXED } from '../db/seed/games-drafts';
import type { ShopVariant } from '../../shared/shop';
import { artKind } from './art-kind';
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
  const [product] = await db.query<{
    name: string; brand: string | null; images: string[] | null; variant: ShopVariant | null; category_alias: string | null;
    colour: string | null; boxed: boolean;
  }>(
    `SELECT pt.name, b.name AS brand, p.images,
       (SELECT value FROM shop_meta WHERE key = 'variant') AS variant,
       ct.alias AS category_alias,
       (SELECT value FROM product_parameters pp WHERE pp.product_id = p.product_id AND pp.language_id = 'en' AND pp.name = 'Colour') AS colour,
       EXISTS (SELECT 1 FROM skus s JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = 'en'
               WHERE s.product_id = p.product_id AND st.name = ANY($2::text[])) AS boxed
     FROM products p
     JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv'
     LEFT JOIN brands b ON b.brand_id = p.brand_id
     LEFT JOIN category_translations ct ON ct.category_id = p.primary_category_id AND ct.language_id = 'en'
     WHERE p.product_id = $1`,
    [Number(match[1]), BOXED_SKU_NAMES],
  );
  if (!product || !product.images?.includes(file)) return null;
  const picture = Number(match[2]);
  const kind = artKind({ variant: product.variant, categoryAlias: product.category_alias, boxed: product.boxed, picture });
  return drawArt({ kind, seed: file, title: product.name, brand: product.brand, colour: product.colour });
}

async function categoryImageSvg(db: Queryable, categoryId: number): Promise<string | null> {
  const [category] = await db.query<{ alias: string; variant: ShopVariant | null }>(
    `SELECT ct.alias, (SELECT value FROM shop_meta WHERE key = 'variant') AS variant
     FROM category_translations ct WHERE ct.category_id = $1 AND ct.language_id = 'en'`,
    [categoryId],
  );
  if (!category) return null;
  return drawArt({ kind: artKind({ variant: category.variant, categoryAlias: category.alias }), seed: category.alias });
}
