import { exVatMinor, formatMoney, toMajor } from '../../../shared/money';
import type { LanguageId } from '../../../shared/locales';
import type { Price } from '../../generated/api-types';

/** The API's Price (kronor with and without VAT, raw and formatted in the language) from öre amounts including VAT. */
export function priceOf(regularMinor: number, sellingMinor: number, vatRate: number, languageId: LanguageId): Price {
  const regularEx = exVatMinor(regularMinor, vatRate);
  const sellingEx = exVatMinor(sellingMinor, vatRate);
  const isDiscounted = sellingMinor < regularMinor;
  return {
    isDiscounted,
    regularPriceIncVat: toMajor(regularMinor),
    regularPriceExVat: toMajor(regularEx),
    sellingPriceIncVat: toMajor(sellingMinor),
    sellingPriceExVat: toMajor(sellingEx),
    regularPriceIncVatFormatted: formatMoney(regularMinor, languageId),
    sellingPriceIncVatFormatted: formatMoney(sellingMinor, languageId),
    regularPriceExVatFormatted: formatMoney(regularEx, languageId),
    sellingPriceExVatFormatted: formatMoney(sellingEx, languageId),
    vat: toMajor(sellingMinor - sellingEx),
    vatRate,
    discountPercentage: isDiscounted && regularMinor > 0 ? Math.round(((regularMinor - sellingMinor) * 100) / regularMinor) : 0,
  };
}
