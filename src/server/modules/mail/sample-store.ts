import type { LanguageId } from '../../../shared/locales';
import type { Queryable } from '../../db/client';

/** A bestseller's first SKU, as the sample order in the mail previews shows it (öre inc VAT). */
export interface SampleLine {
  name: string;
  skuName: string | null;
  priceMinor: number;
  vatRate: number;
}

/**
 * The shop's three bestsellers, each with its first SKU. Reads the catalog's tables in this one statement (a
 * preview only ever reads them), so the preview shows real names and prices; deterministic for a given catalog.
 */
export async function bestsellerSamples(db: Queryable, language: LanguageId): Promise<SampleLine[]> {
  const rows = await db.query<{ name: string; sku_name: string | null; price_minor: number; vat_rate: number }>(
    `SELECT pt.name, st.name AS sku_name, s.price_minor, p.vat_rate
     FROM (SELECT product_id, vat_rate, sales_count FROM products ORDER BY sales_count DESC, product_id LIMIT 3) p
     JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = $1
     JOIN LATERAL (SELECT sku_id, price_minor FROM skus WHERE skus.product_id = p.product_id ORDER BY sort_order, sku_id LIMIT 1) s ON true
     LEFT JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = $1
     ORDER BY p.sales_count DESC, p.product_id`,
    [language],
  );
  return rows.map((r) => ({ name: r.name, skuName: r.sku_name, priceMinor: r.price_minor, vatRate: r.vat_rate }));
}
