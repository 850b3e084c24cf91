import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogs } from './intl-test-kit';
import type { MessageId } from './messages';

/*
 * A search past its count's threshold says "1 000+" (the API's countExact false); every other count reads as
 * before. The messages choose with an ICU select on `exact`, so every caller passes it.
 */
describe('counts that stop at a threshold', () => {
  const format = (languageId: 'sv' | 'en', id: MessageId, values: Record<string, number | boolean>) =>
    createIntl({ locale: languageId === 'sv' ? 'sv-SE' : 'en-US', messages: catalogs[languageId], onError: (error) => { throw error; } })
      .formatMessage({ id }, values)
      .replace(/[\u00a0\u202f]/g, ' ');

  it('shows "1 000+" with digit grouping in both languages, and exact counts as plurals', () => {
    expect(format('sv', 'list.total', { count: 1000, exact: false })).toBe('1 000+ produkter');
    expect(format('sv', 'list.total', { count: 1, exact: true })).toBe('1 produkt');
    expect(format('en', 'list.total', { count: 1000, exact: false })).toBe('1,000+ products');
    expect(format('sv', 'list.showing', { sum: 24, total: 1000, exact: false })).toBe('Visar 24 av 1 000+');
    expect(format('en', 'list.showing', { sum: 24, total: 640, exact: true })).toBe('Showing 24 of 640');
    expect(format('sv', 'search.seeAll', { count: 1000, exact: false })).toBe('Visa alla 1 000+ träffar');
    expect(format('en', 'search.resultCount', { count: 2, exact: true })).toBe('2 results');
    expect(format('sv', 'list.filter.done', { count: 1000, exact: false })).toBe('Visa 1 000+ produkter');
  });
});
