import { formatMoney, exVatMinor } from '../../../shared/money';
import type { LanguageId } from '../../../shared/locales';
import type { Queryable } from '../../db/client';
import { t } from '../../i18n';
import type { OrderMailData } from './types';

interface SampleRow {
  name: string;
  sku_name: string | null;
  price_minor: number;
  vat_rate: number;
}

const SHIPPING_MINOR = 4900;
const QUANTITIES = [1, 2, 1];

/**
 * A made-up order for the mail previews, built from the shop's three bestsellers (each one's first SKU) so
 * the preview shows real names and prices. Deterministic for a given catalog.
 */
export async function sampleOrderMailData(db: Queryable, language: LanguageId): Promise<OrderMailData> {
  const rows = await db.query<SampleRow>(
    `SELECT pt.name, st.name AS sku_name, s.price_minor, p.vat_rate
     FROM (SELECT product_id, vat_rate, sales_count FROM products ORDER BY sales_count DESC, product_id LIMIT 3) p
     JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = $1
     JOIN LATERAL (SELECT sku_id, price_minor FROM skus WHERE skus.product_id = p.product_id ORDER BY sort_order, sku_id LIMIT 1) s ON true
     LEFT JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = $1
     ORDER BY p.sales_count DESC, p.product_id`,
    [language],
  );
  const money = (minor: number) => formatMoney(minor, language);
  let subtotal = 0;
  let vat = 0;
  const lines = rows.map((row, index) => {
    const quantity = QUANTITIES[index] ?? 1;
    const total = row.price_minor * quantity;
    subtotal += total;
    vat += total - exVatMinor(total, row.vat_rate);
    return {
      name: row.name,
      skuName: row.sku_name && row.sku_name !== row.name ? row.sku_name : '',
      quantity,
      unitPriceFormatted: money(row.price_minor),
      totalFormatted: money(total),
    };
  });
  // Shipping carries the standard rate of VAT.
  vat += SHIPPING_MINOR - exVatMinor(SHIPPING_MINOR, 25);
  return {
    orderNumber: '100042',
    language,
    customerName: 'Anna Andersson',
    customerEmail: 'anna.andersson@example.se',
    lines,
    subtotalFormatted: money(subtotal),
    shippingFormatted: money(SHIPPING_MINOR),
    totalFormatted: money(subtotal + SHIPPING_MINOR),
    vatFormatted: money(vat),
    shippingMethod: 'PostNord MyPack Collect',
    paymentMethod: t(language, 'checkout.payment.CARD'),
    shippingAddress: { name: 'Anna Andersson', street: 'Storgatan 1', zip: '111 22', city: 'Stockholm', country: t(language, 'checkout.country.SE') },
    trackingUrl: 'https://tracking.postnord.com/se/?id=00370712345678901234',
  };
}
