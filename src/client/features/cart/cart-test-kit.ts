import type { CartFieldsFragment, PriceFieldsFragment } from '../../graphql/generated/operations';

/** Client-side cart answers for unit tests: just enough shape for the code under test. */
export type CartLine = CartFieldsFragment['items'][number];

export function testPrice(incVat: number): PriceFieldsFragment {
  const text = `${incVat} kr`;
  return {
    __typename: 'Price',
    isDiscounted: false,
    regularPriceIncVatFormatted: text,
    sellingPriceIncVatFormatted: text,
    regularPriceExVatFormatted: text,
    sellingPriceExVatFormatted: text,
    sellingPriceIncVat: incVat,
    sellingPriceExVat: incVat * 0.8,
    discountPercentage: 0,
  };
}

/** A line of SKU skuId ('Game {skuId}', article 'ART-{skuId}', variant 'PAL', brand Nintendo, category NES). */
export function testLine(skuId: number, quantity: number, unit = 199): CartLine {
  return {
    __typename: 'CartItem',
    skuId,
    quantity,
    backorderedQuantity: 0,
    unitPrice: testPrice(unit),
    totalPrice: testPrice(unit * quantity),
    campaign: null,
    product: {
      __typename: 'Product',
      productId: skuId * 10,
      name: `Game ${skuId}`,
      alias: `game-${skuId}`,
      canonicalUrl: `/p/game-${skuId}`,
      images: null,
      brand: { __typename: 'Brand', brandId: 1, name: 'Nintendo' },
      primaryCategory: { __typename: 'Category', categoryId: 7, name: 'NES' },
    },
    sku: {
      __typename: 'Sku',
      skuId,
      articleNumber: `ART-${skuId}`,
      name: 'PAL',
      stock: { __typename: 'Stock', inStock: true, oversellable: false, totalStock: 10, static: false, incoming: null, status: 'IN_STOCK' },
    },
  };
}

/** A whole cart answer; the sums are placeholders, not computed from the lines. */
export function testCart(id: string, items: CartLine[]): CartFieldsFragment {
  return {
    __typename: 'Cart',
    id,
    promoCode: null,
    giftCard: null,
    appliedCampaigns: [],
    warnings: [],
    items,
    summary: {
      __typename: 'CartSummary',
      fixedAmountDiscountIncVat: 0,
      fixedAmountDiscountExVat: 0,
      promoCodeShippingFeeIncVat: 0,
      promoCodeShippingFeeExVat: 0,
      promoCodeNetSavingIncVat: 0,
      promoCodeNetSavingExVat: 0,
      giftCardAmountIncVat: 0,
      giftCardAmountIncVatFormatted: '0 kr',
      amountToPayIncVatFormatted: '0 kr',
      subTotal: testPrice(0),
      shipping: { __typename: 'CartShipping', amountLeftToFreeShipping: 0, amountLeftToFreeShippingFormatted: '0 kr', amountLeftToFreeShippingExVatFormatted: '0 kr', feeExVat: 0, feeIncVat: 0, feeIncVatFormatted: '0 kr' },
      total: {
        __typename: 'CartTotal',
        sellingPriceIncVat: 0,
        sellingPriceExVat: 0,
        sellingPriceIncVatFormatted: '0 kr',
        sellingPriceExVatFormatted: '0 kr',
        vat: 0,
        vatFormatted: '0 kr',
        isDiscounted: false,
        discountIncVat: 0,
        discountExVat: 0,
        discountIncVatFormatted: '0 kr',
        discountExVatFormatted: '0 kr',
        savingIncVat: 0,
        savingIncVatFormatted: '0 kr',
        savingExVatFormatted: '0 kr',
      },
    },
  };
}
