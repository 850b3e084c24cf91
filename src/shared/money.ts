import { channels, type LanguageId } from './locales';

/** Money is integer minor units (öre) including VAT; these helpers are the only place that divides. */
export function exVatMinor(incVatMinor: number, vatRate: number): number {
  return Math.round((incVatMinor * 100) / (100 + vatRate));
}

export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

export function toMinor(major: number): number {
  return Math.round(major * 100);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** '1 299 kr' in Swedish, 'SEK 1,299' in English; öre shown only when there are any. */
export function formatMoney(minor: number, languageId: LanguageId, currency = 'SEK'): string {
  const whole = minor % 100 === 0;
  const key = `${languageId}:${currency}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(channels[languageId].iso, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 100);
}
