import { randomBytes } from 'node:crypto';
import { resolveLanguage } from '../../../shared/locales';
import { exVatMinor, formatMoney, toMajor } from '../../../shared/money';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { priceOf } from '../catalog/price';
import type { CartItemModel, CartModel } from './models';

/** 128 bits from the CSPRNG, URL-safe: a cart id cannot be guessed from another. */
export function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

const CART_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Shipping until the cart issue brings carriers: a flat fee, free from the FREE_SHIPPING threshold. */
const DEFAULT_SHIPPING_FEE_MINOR = 4900;
const DEFAULT_SHIPPING_VAT = 25;

export const cartResolvers: Resolvers = {
  Query: {
    getCart: async (_, args, ctx): Promise<CartModel> => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      if (!CART_ID_PATTERN.test(args.id)) return { languageId, id: newCartId(), promoCode: null, items: [] };
      const [cart] = await ctx.db.query<{ cart_id: string; promo_code: string | null }>(
        'SELECT cart_id, promo_code FROM carts WHERE cart_id = $1',
        [args.id],
      );
      if (!cart) return { languageId, id: newCartId(), promoCode: null, items: [] };
      const rows = await ctx.db.query<{ sku_id: number; product_id: number; quantity: number; selling_price_minor: number; price_minor: number; vat_rate: number }>(
        `SELECT ci.sku_id, s.product_id, ci.quantity, sp.selling_price_minor, sp.price_minor, p.vat_rate
         FROM cart_items ci JOIN skus s ON s.sku_id = ci.sku_id JOIN sku_prices sp ON sp.sku_id = ci.sku_id
         JOIN products p ON p.product_id = s.product_id
         WHERE ci.cart_id = $1 ORDER BY ci.added_at, ci.sku_id`,
        [args.id],
      );
      return {
        languageId,
        id: cart.cart_id,
        promoCode: cart.promo_code,
        items: rows.map((r) => ({
          languageId,
          skuId: r.sku_id,
          productId: r.product_id,
          quantity: r.quantity,
          unitPriceMinor: r.selling_price_minor,
          regularUnitPriceMinor: r.price_minor,
          vatRate: r.vat_rate,
        })),
      };
    },
  },
  Cart: {
    appliedCampaigns: () => [],
    warnings: (cart) => cart.warnings ?? [],
    summary: async (cart, _, ctx) => {
      const { languageId } = cart;
      const sum = (f: (i: CartItemModel) => number) => cart.items.reduce((total, i) => total + f(i), 0);
      const regular = sum((i) => i.regularUnitPriceMinor * i.quantity);
      const selling = sum((i) => i.unitPriceMinor * i.quantity);
      const sellingEx = sum((i) => exVatMinor(i.unitPriceMinor * i.quantity, i.vatRate));
      const regularEx = sum((i) => exVatMinor(i.regularUnitPriceMinor * i.quantity, i.vatRate));
      const freeShipping = (await ctx.loaders.campaigns(languageId)).find((c) => c.type === 'FREE_SHIPPING');
      const threshold = freeShipping?.thresholdMinor ?? null;
      const shippingFree = cart.items.length === 0 || (threshold != null && selling >= threshold);
      const fee = shippingFree ? 0 : DEFAULT_SHIPPING_FEE_MINOR;
      const feeEx = exVatMinor(fee, DEFAULT_SHIPPING_VAT);
      const left = threshold == null ? 0 : Math.max(0, threshold - selling);
      const total = selling + fee;
      const totalEx = sellingEx + feeEx;
      const subTotal = priceOf(regular, selling, 0, languageId);
      return {
        fixedAmountDiscountIncVat: 0,
        fixedAmountDiscountExVat: 0,
        subTotal: {
          ...subTotal,
          regularPriceExVat: toMajor(regularEx),
          sellingPriceExVat: toMajor(sellingEx),
          regularPriceExVatFormatted: formatMoney(regularEx, languageId),
          sellingPriceExVatFormatted: formatMoney(sellingEx, languageId),
          vat: toMajor(selling - sellingEx),
          vatRate: 0,
        },
        shipping: {
          amountLeftToFreeShipping: toMajor(left),
          amountLeftToFreeShippingFormatted: formatMoney(left, languageId),
          feeExVat: toMajor(feeEx),
          feeIncVat: toMajor(fee),
          feeIncVatFormatted: formatMoney(fee, languageId),
          shippingFeeIncVat: toMajor(fee),
          isDefault: true,
        },
        total: {
          isDiscounted: selling < regular,
          sellingPriceIncVat: toMajor(total),
          sellingPriceExVat: toMajor(totalEx),
          sellingPriceIncVatFormatted: formatMoney(total, languageId),
          sellingPriceExVatFormatted: formatMoney(totalEx, languageId),
          discountIncVat: toMajor(regular - selling),
          discountExVat: toMajor(regularEx - sellingEx),
          discountIncVatFormatted: formatMoney(regular - selling, languageId),
          discountExVatFormatted: formatMoney(regularEx - sellingEx, languageId),
          vat: toMajor(total - totalEx),
          vatFormatted: formatMoney(total - totalEx, languageId),
        },
      };
    },
  },
  CartItem: {
    unitPrice: (i) => priceOf(i.regularUnitPriceMinor, i.unitPriceMinor, i.vatRate, i.languageId),
    totalPrice: (i) => priceOf(i.regularUnitPriceMinor * i.quantity, i.unitPriceMinor * i.quantity, i.vatRate, i.languageId),
    campaign: () => null,
    product: async (i, _, ctx) => {
      const product = await ctx.loaders.product(i.languageId).load(i.productId);
      if (!product) throw new Error(`Cart item product ${i.productId} is missing`);
      return product;
    },
    sku: async (i, _, ctx) => {
      const sku = (await ctx.loaders.skus(i.languageId).load(i.productId)).find((s) => s.skuId === i.skuId);
      if (!sku) throw new Error(`Cart item SKU ${i.skuId} is missing`);
      return sku;
    },
  },
};
