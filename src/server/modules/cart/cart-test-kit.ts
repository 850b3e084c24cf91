/** Shared by the cart test files: the API calls and SKUs made to measure in the test's own database. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, gql, type TestApp } from '../../testing/app';
import { openWritableTestDb, type TestDbKind } from '../../testing/db';

export type { TestApp } from '../../testing/app';

const PRICE = `isDiscounted regularPriceIncVat sellingPriceIncVat sellingPriceExVat vat sellingPriceIncVatFormatted`;

export const CART_SELECTION = `id promoCode
  appliedCampaigns { discountCampaignId name hideTitle }
  warnings { code message skuId }
  items {
    skuId quantity backorderedQuantity unitPrice { ${PRICE} } totalPrice { ${PRICE} }
    campaign { appliedCampaigns { discountCampaignId name hideTitle } prices { price quantity } }
    product { productId name } sku { skuId stock { totalStock } }
  }
  summary {
    fixedAmountDiscountIncVat fixedAmountDiscountExVat
    promoCodeShippingFeeIncVat promoCodeShippingFeeExVat promoCodeNetSavingIncVat promoCodeNetSavingExVat
    subTotal { regularPriceIncVat sellingPriceIncVat sellingPriceExVat vat sellingPriceIncVatFormatted }
    shipping { amountLeftToFreeShipping amountLeftToFreeShippingFormatted amountLeftToFreeShippingExVat amountLeftToFreeShippingExVatFormatted feeExVat feeIncVat feeIncVatFormatted shippingFeeIncVat isDefault }
    total { isDiscounted sellingPriceIncVat sellingPriceExVat sellingPriceIncVatFormatted sellingPriceExVatFormatted
      discountIncVat discountExVat discountIncVatFormatted discountExVatFormatted
      savingIncVat savingExVat savingIncVatFormatted savingExVatFormatted vat vatFormatted }
  }`;

export interface CartItemResult {
  skuId: number;
  quantity: number;
  backorderedQuantity: number;
  unitPrice: { isDiscounted: boolean; regularPriceIncVat: number; sellingPriceIncVat: number; sellingPriceExVat: number; vat: number };
  totalPrice: { isDiscounted: boolean; regularPriceIncVat: number; sellingPriceIncVat: number; sellingPriceExVat: number; vat: number };
  campaign: { appliedCampaigns: { discountCampaignId: number; name: string; hideTitle: boolean }[]; prices: { price: number; quantity: number }[] } | null;
  product: { productId: number; name: string };
  sku: { skuId: number; stock: { totalStock: number } };
}

export interface CartResult {
  id: string;
  promoCode: string | null;
  appliedCampaigns: { discountCampaignId: number; name: string; hideTitle: boolean }[];
  warnings: { code: string; message: string; skuId: number | null }[];
  items: CartItemResult[];
  summary: {
    fixedAmountDiscountIncVat: number;
    fixedAmountDiscountExVat: number;
    promoCodeShippingFeeIncVat: number;
    promoCodeShippingFeeExVat: number;
    promoCodeNetSavingIncVat: number;
    promoCodeNetSavingExVat: number;
    subTotal: { regularPriceIncVat: number; sellingPriceIncVat: number; sellingPriceExVat: number; vat: number; sellingPriceIncVatFormatted: string };
    shipping: {
      amountLeftToFreeShipping: number;
      amountLeftToFreeShippingFormatted: string;
      amountLeftToFreeShippingExVat: number;
      amountLeftToFreeShippingExVatFormatted: string;
      feeExVat: number;
      feeIncVat: number;
      feeIncVatFormatted: string;
      shippingFeeIncVat: number;
      isDefault: boolean;
    };
    total: {
      isDiscounted: boolean;
      sellingPriceIncVat: number;
      sellingPriceExVat: number;
      sellingPriceIncVatFormatted: string;
      sellingPriceExVatFormatted: string;
      discountIncVat: number;
      discountExVat: number;
      discountIncVatFormatted: string;
      discountExVatFormatted: string;
      savingIncVat: number;
      savingExVat: number;
      savingIncVatFormatted: string;
      savingExVatFormatted: string;
      vat: number;
      vatFormatted: string;
    };
  };
}

export interface CallOptions {
  key?: string | null;
  languageId?: string;
  channelId?: string;
}

type Answer = Awaited<ReturnType<typeof gql<Record<string, CartResult>>>>;

/** The cart of an answer, failing loudly when the API answered errors instead. */
export function cartOf(answer: Answer): CartResult {
  if (answer.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(answer.body.errors)}`);
  const cart = Object.values(answer.body.data ?? {})[0];
  if (!cart) throw new Error('No cart in the answer');
  return cart;
}

export function cartApi(app: () => TestApp) {
  const vars = (options: CallOptions) => ({
    key: options.key === undefined ? randomUUID() : options.key,
    languageId: options.languageId ?? null,
    channelId: options.channelId ?? null,
  });
  const common = '$key: String, $languageId: String, $channelId: String';
  const pass = 'idempotencyKey: $key, languageId: $languageId, channelId: $channelId';
  return {
    getRaw: (id: string, options: Omit<CallOptions, 'key'> = {}) =>
      gql<Record<string, CartResult>>(
        app(),
        `query ($id: String!, $languageId: String, $channelId: String) {
           getCart(id: $id, languageId: $languageId, channelId: $channelId) { ${CART_SELECTION} } }`,
        { id, languageId: options.languageId ?? null, channelId: options.channelId ?? null },
      ),
    addRaw: (id: string, skuId: number, quantity: number, options: CallOptions = {}) =>
      gql<Record<string, CartResult>>(
        app(),
        `mutation ($id: String!, $item: CartItemInputType!, ${common}) { addToCart(id: $id, item: $item, ${pass}) { ${CART_SELECTION} } }`,
        { id, item: { skuId, quantity }, ...vars(options) },
      ),
    updateRaw: (id: string, skuId: number, quantity: number, options: CallOptions = {}) =>
      gql<Record<string, CartResult>>(
        app(),
        `mutation ($id: String!, $item: CartItemInputType!, ${common}) { updateCartItem(id: $id, item: $item, ${pass}) { ${CART_SELECTION} } }`,
        { id, item: { skuId, quantity }, ...vars(options) },
      ),
    promoRaw: (id: string, promoCode: string, options: CallOptions = {}) =>
      gql<Record<string, CartResult>>(
        app(),
        `mutation ($id: String!, $code: String!, ${common}) { setCartPromoCode(id: $id, promoCode: $code, ${pass}) { ${CART_SELECTION} } }`,
        { id, code: promoCode, ...vars(options) },
      ),
  };
}

/** The same calls, answering the cart itself. */
export function cartCalls(app: () => TestApp) {
  const raw = cartApi(app);
  return {
    ...raw,
    get: async (id: string, options: Omit<CallOptions, 'key'> = {}) => cartOf(await raw.getRaw(id, options)),
    add: async (id: string, skuId: number, quantity: number, options: CallOptions = {}) => cartOf(await raw.addRaw(id, skuId, quantity, options)),
    update: async (id: string, skuId: number, quantity: number, options: CallOptions = {}) => cartOf(await raw.updateRaw(id, skuId, quantity, options)),
    promo: async (id: string, promoCode: string, options: CallOptions = {}) => cartOf(await raw.promoRaw(id, promoCode, options)),
  };
}

export interface FixtureSku {
  skuId: number;
  productId: number;
  /** Product names in Swedish and English, as warnings quote them. */
  sv: string;
  en: string;
}

/**
 * A product with one SKU, priced and stocked as a test needs (VAT 25 %), optionally in campaigns. Only for
 * the test's own database (openWritableTestDb).
 */
export async function createSku(
  db: Db,
  options: { priceMinor: number; stock?: number; oversellable?: boolean; isStatic?: boolean; campaignIds?: number[] },
): Promise<FixtureSku> {
  return db.transaction(async (tx) => {
    const [ids] = await tx.query<{ product_id: number; sku_id: number }>(
      'SELECT (SELECT COALESCE(max(product_id), 0) + 1 FROM products) AS product_id, (SELECT COALESCE(max(sku_id), 0) + 1 FROM skus) AS sku_id',
    );
    const { product_id: productId, sku_id: skuId } = ids!;
    const sv = `Testspel ${productId}`;
    const en = `Test game ${productId}`;
    await tx.query('INSERT INTO products (product_id, vat_rate) VALUES ($1, 25)', [productId]);
    await tx.query(
      `INSERT INTO product_translations (product_id, language_id, name, alias) VALUES ($1, 'sv', $2, $3), ($1, 'en', $4, $5)`,
      [productId, sv, `testspel-${productId}`, en, `test-game-${productId}`],
    );
    await tx.query(
      'INSERT INTO skus (sku_id, product_id, article_number, price_minor, stock, oversellable, is_static) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [skuId, productId, `TEST-${skuId}`, options.priceMinor, options.stock ?? 100, options.oversellable ?? false, options.isStatic ?? false],
    );
    await tx.query(`INSERT INTO sku_translations (sku_id, language_id, name) VALUES ($1, 'sv', 'Komplett'), ($1, 'en', 'Complete')`, [skuId]);
    for (const campaignId of options.campaignIds ?? []) {
      await tx.query('INSERT INTO product_discount_campaigns (product_id, campaign_id) VALUES ($1, $2)', [productId, campaignId]);
    }
    return { skuId, productId, sv, en };
  });
}

export const setStock = (db: Db, skuId: number, stock: number) => db.query('UPDATE skus SET stock = $2 WHERE sku_id = $1', [skuId, stock]);
export const setPrice = (db: Db, skuId: number, priceMinor: number) => db.query('UPDATE skus SET price_minor = $2 WHERE sku_id = $1', [skuId, priceMinor]);

/** A writable database and an app on it for one describe block; `use` receives both once they are up. */
export function openCartApp(kind: TestDbKind, use: (db: Db, app: TestApp) => void, env: Record<string, string> = {}): void {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    app = await createTestApp(db, env);
    use(db, app);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });
}
