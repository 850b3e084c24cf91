import { describe, expect, it } from 'vitest';
import { skuDisplayName } from './sku-display-name';

describe('skuDisplayName', () => {
  const sku = { productId: 7, productName: 'Super Mario Bros. 3', skuName: 'Komplett i kartong', hasSiblings: true };

  it("names the SKU after its product, adding the SKU's own name only when the product is sold as several", () => {
    expect(skuDisplayName(sku)).toBe('Super Mario Bros. 3 (Komplett i kartong)');
    expect(skuDisplayName({ ...sku, hasSiblings: false })).toBe('Super Mario Bros. 3');
    expect(skuDisplayName({ ...sku, skuName: null })).toBe('Super Mario Bros. 3');
  });

  it('names a product without a name in the language by its id, never blank', () => {
    expect(skuDisplayName({ ...sku, productName: null })).toBe('#7 (Komplett i kartong)');
    expect(skuDisplayName({ ...sku, productName: null, hasSiblings: false })).toBe('#7');
  });
});
