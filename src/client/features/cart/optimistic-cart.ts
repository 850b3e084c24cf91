import { MAX_LINE_QUANTITY } from '../../../shared/limits';
import type { LanguageId } from '../../../shared/locales';
import { formatMoney, toMajor, toMinor } from '../../../shared/money';
import type { CartFieldsFragment, PriceFieldsFragment } from '../../graphql/generated/operations';
import { waitingOn, type CartIntent, type KeptCart, type LinePreview, type OutboxEntry } from './cart-store';

type Cart = CartFieldsFragment;
type Line = Cart['items'][number];

function price(incMinor: number, exMinor: number, languageId: LanguageId): PriceFieldsFragment {
  const inc = formatMoney(incMinor, languageId);
  const ex = formatMoney(exMinor, languageId);
  return {
    __typename: 'Price',
    isDiscounted: false,
    regularPriceIncVatFormatted: inc,
    sellingPriceIncVatFormatted: inc,
    regularPriceExVatFormatted: ex,
    sellingPriceExVatFormatted: ex,
    sellingPriceIncVat: toMajor(incMinor),
    sellingPriceExVat: toMajor(exMinor),
    discountPercentage: 0,
  };
}

/** A cart with nothing in it, to lay the first changes of a shopper without a cart on. */
export function emptyCart(languageId: LanguageId): Cart {
  const zero = formatMoney(0, languageId);
  return {
    __typename: 'Cart',
    id: '',
    promoCode: null,
    giftCard: null,
    appliedCampaigns: [],
    warnings: [],
    items: [],
    summary: {
      __typename: 'CartSummary',
      fixedAmountDiscountIncVat: 0,
      fixedAmountDiscountExVat: 0,
      promoCodeShippingFeeIncVat: 0,
      promoCodeShippingFeeExVat: 0,
      promoCodeNetSavingIncVat: 0,
      promoCodeNetSavingExVat: 0,
      giftCardAmountIncVat: 0,
      giftCardAmountIncVatFormatted: zero,
      amountToPayIncVatFormatted: zero,
      subTotal: price(0, 0, languageId),
      shipping: {
        __typename: 'CartShipping',
        amountLeftToFreeShipping: 0,
        amountLeftToFreeShippingFormatted: zero,
        amountLeftToFreeShippingExVatFormatted: zero,
        feeExVat: 0,
        feeIncVat: 0,
        feeIncVatFormatted: zero,
      },
      total: {
        __typename: 'CartTotal',
        sellingPriceIncVat: 0,
        sellingPriceExVat: 0,
        sellingPriceIncVatFormatted: zero,
        sellingPriceExVatFormatted: zero,
        vat: 0,
        vatFormatted: zero,
        isDiscounted: false,
        discountIncVat: 0,
        discountExVat: 0,
        discountIncVatFormatted: zero,
        discountExVatFormatted: zero,
        savingIncVat: 0,
        savingIncVatFormatted: zero,
        savingExVatFormatted: zero,
      },
    },
  };
}

function previewLine(preview: LinePreview, quantity: number, languageId: LanguageId): Line {
  const { product, sku, unitPrice } = preview;
  return withQuantity(
    {
      __typename: 'CartItem',
      skuId: sku.skuId,
      quantity,
      backorderedQuantity: 0,
      unitPrice,
      totalPrice: unitPrice,
      campaign: null,
      product: {
        __typename: 'Product',
        productId: product.productId,
        name: product.name,
        alias: product.alias,
        canonicalUrl: product.canonicalUrl,
        images: product.images ? [...product.images] : null,
        brand: product.brand ? { __typename: 'Brand', brandId: product.brand.brandId, name: product.brand.name } : null,
        primaryCategory: product.primaryCategory ? { __typename: 'Category', ...product.primaryCategory } : null,
      },
      sku: { __typename: 'Sku', skuId: sku.skuId, articleNumber: sku.articleNumber ?? '', name: sku.name ?? '', stock: sku.stock },
    },
    quantity,
    languageId,
  );
}

/** The line at another quantity, its total at its unit price (the server prices campaigns when it answers). */
function withQuantity(line: Line, quantity: number, languageId: LanguageId): Line {
  const unit = line.unitPrice;
  return {
    ...line,
    quantity,
    totalPrice: price(toMinor(unit.sellingPriceIncVat) * quantity, toMinor(unit.sellingPriceExVat) * quantity, languageId),
  };
}

function applyIntent(items: Line[], intent: CartIntent, preview: LinePreview | null, languageId: LanguageId): Line[] {
  if (intent.kind !== 'add' && intent.kind !== 'set') return items;
  const index = items.findIndex((line) => line.skuId === intent.skuId);
  const current = index >= 0 ? items[index]! : null;
  const quantity = Math.min(MAX_LINE_QUANTITY, intent.kind === 'add' ? (current?.quantity ?? 0) + intent.quantity : intent.quantity);
  if (quantity <= 0) return items.filter((line) => line.skuId !== intent.skuId);
  if (current) return items.map((line, i) => (i === index ? withQuantity(line, quantity, languageId) : line));
  // A line the shopper added from a page: drawn from what that page showed. Without one it shows once saved.
  return preview ? [...items, previewLine(preview, quantity, languageId)] : items;
}

const goods = (items: readonly Line[]) => ({
  inc: items.reduce((sum, line) => sum + toMinor(line.totalPrice.sellingPriceIncVat), 0),
  ex: items.reduce((sum, line) => sum + toMinor(line.totalPrice.sellingPriceExVat), 0),
});

/**
 * The cart the shopper sees: the server's last answer with the changes still waiting laid on top, in order.
 * Goods and total move by what the lines changed; campaigns, codes and shipping are the server's to work out,
 * so the UI says the sums are preliminary while changes wait. Codes waiting are shown by the code forms.
 */
export function optimisticCart(server: Cart | null, entries: readonly OutboxEntry[], languageId: LanguageId): Cart | null {
  if (entries.length === 0) return server;
  const base = server ?? emptyCart(languageId);
  const items = entries.reduce((lines, entry) => applyIntent(lines, entry.intent, entry.preview, languageId), [...base.items]);
  const before = goods(base.items);
  const after = goods(items);
  const { summary } = base;
  const totalInc = toMinor(summary.total.sellingPriceIncVat) + after.inc - before.inc;
  const totalEx = toMinor(summary.total.sellingPriceExVat) + after.ex - before.ex;
  return {
    ...base,
    warnings: [],
    items,
    summary: {
      ...summary,
      subTotal: price(after.inc, after.ex, languageId),
      total: {
        ...summary.total,
        sellingPriceIncVat: toMajor(totalInc),
        sellingPriceExVat: toMajor(totalEx),
        sellingPriceIncVatFormatted: formatMoney(totalInc, languageId),
        sellingPriceExVatFormatted: formatMoney(totalEx, languageId),
        vat: toMajor(totalInc - totalEx),
        vatFormatted: formatMoney(totalInc - totalEx, languageId),
      },
    },
  };
}

/** The cart a tab shows: its confirmed cart with the changes the rule lays on it (cart-store.ts, waitingOn). */
export function shownCart(base: KeptCart | null, entries: readonly OutboxEntry[], languageId: LanguageId): Cart | null {
  return optimisticCart(base?.cart ?? null, waitingOn(base, entries), languageId);
}

/** SKUs whose lines wait for a change to be saved. */
export function pendingSkus(entries: readonly OutboxEntry[]): Set<number> {
  return new Set(entries.flatMap((entry) => (entry.intent.kind === 'add' || entry.intent.kind === 'set' ? [entry.intent.skuId] : [])));
}

/** The last code of a kind still waiting to be saved ('' when its removal waits), or null. */
export function pendingCode(entries: readonly OutboxEntry[], kind: 'promo' | 'giftCard'): string | null {
  let code: string | null = null;
  for (const entry of entries) if (entry.intent.kind === kind) code = entry.intent.code;
  return code;
}
