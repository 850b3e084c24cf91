import { describe, expect, it } from 'vitest';
import { exVatMinor, formatMoney, toMinor } from './money';

describe('money', () => {
  it('removes VAT from an inclusive price in öre', () => {
    expect(exVatMinor(12500, 25)).toBe(10000);
    expect(exVatMinor(11200, 12)).toBe(10000);
    expect(exVatMinor(999, 25)).toBe(799);
  });

  it('formats whole kronor without öre and keeps öre when present', () => {
    expect(formatMoney(129900, 'sv').replace(/\s/g, ' ')).toBe('1 299 kr');
    expect(formatMoney(129950, 'sv').replace(/\s/g, ' ')).toBe('1 299,50 kr');
    expect(formatMoney(129900, 'en').replace(/\s/g, ' ')).toBe('SEK 1,299');
  });

  it('converts kronor to öre without float drift', () => {
    expect(toMinor(19.99)).toBe(1999);
  });
});
