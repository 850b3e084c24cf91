import { formatMoney, exVatMinor } from '../../../shared/money';
import type { LanguageId } from '../../../shared/locales';
import type { Queryable } from '../../db/client';
import { t } from '../../i18n';
import { SHIPPING_VAT_RATE } from '../shipping';
import { bestsellerSamples } from './sample-store';
import type { OrderMailData } from './types';

const SHIPPING_MINOR = 4900;
const QUANTITIES = [1, 2, 1];

/**
 * A made-up order for the mail previews, built from the shop's three bestsellers (each one's first SKU) so
 * the preview shows real names and prices. Deterministic for a given catalog.
 */
export async function sampleOrderMailData(db: Queryable, language: LanguageId): Promise<OrderMailData> {
  const rows = await bestsellerSamples(db, language);
  const money = (minor: number) => formatMoney(minor, language);
  let subtotal = 0;
  let vat = 0;
  const lines = rows.map((row, index) => {
    const quantity = QUANTITIES[index] ?? 1;
    const total = row.priceMinor * quantity;
    subtotal += total;
    vat += total - exVatMinor(total, row.vatRate);
    return {
      name: row.name,
      skuName: row.skuName && row.skuName !== row.name ? row.skuName : '',
      quantity,
      unitPriceFormatted: money(row.priceMinor),
      totalFormatted: money(total),
    };
  });
  vat += SHIPPING_MINOR - exVatMinor(SHIPPING_MINOR, SHIPPING_VAT_RATE);
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
