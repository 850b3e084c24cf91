import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { refreshPrices } from '../../db/prepare';
import { createTestApp, gql, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';

/** 200 kr a unit; the cart holds two, 400 kr: under the seeded free-shipping threshold of 499 kr. */
const UNIT_MINOR = 20_000;
const QUANTITY = 2;
const SHIPPING_FEE = 49;

/** One campaign of each kind whose running the catalog or the cart decides, and what a shopper sees while it runs. */
const kinds = [
  { type: 'PERCENT', value: 25, linked: true, running: { unit: 150, lineTotal: 300, shippingFee: SHIPPING_FEE } },
  { type: 'BUY_X_PAY_Y', buyQuantity: 2, payQuantity: 1, linked: true, running: { unit: 200, lineTotal: 200, shippingFee: SHIPPING_FEE } },
  { type: 'FREE_SHIPPING', thresholdMinor: 10_000, linked: false, running: { unit: 200, lineTotal: 400, shippingFee: 0 } },
] as const;
const notRunning = { unit: 200, lineTotal: 400, shippingFee: SHIPPING_FEE };

/** Everywhere a shopper meets the product's price or the campaign, read through the API. */
interface Seen {
  listPrice: number;
  skuPrice: number;
  cartUnitPrice: number;
  cartLineTotal: number;
  shippingFee: number;
  /** Where the campaign is named: the product's campaigns, the running campaigns, the campaign facet, the cart. */
  named: { product: boolean; running: boolean; facet: boolean; cart: boolean };
}

describe.each(testDbKinds())('discount campaigns starting and ending by date on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  /** A product with one SKU and a campaign of the kind, announced for tomorrow. */
  async function productWithCampaign(campaign: (typeof kinds)[number]) {
    return db.transaction(async (tx) => {
      const [ids] = await tx.query<{ product_id: number; sku_id: number; campaign_id: number }>(
        `SELECT (SELECT max(product_id) + 1 FROM products) AS product_id, (SELECT max(sku_id) + 1 FROM skus) AS sku_id,
                (SELECT max(campaign_id) + 1 FROM discount_campaigns) AS campaign_id`,
      );
      const { product_id: productId, sku_id: skuId, campaign_id: campaignId } = ids!;
      await tx.query('INSERT INTO products (product_id, vat_rate) VALUES ($1, 25)', [productId]);
      await tx.query(
        `INSERT INTO product_translations (product_id, language_id, name, alias) VALUES ($1, 'sv', 'Datumspel', $2), ($1, 'en', 'Date game', $3)`,
        [productId, `datumspel-${productId}`, `date-game-${productId}`],
      );
      await tx.query('INSERT INTO skus (sku_id, product_id, article_number, price_minor, stock) VALUES ($1, $2, $3, $4, 100)', [
        skuId,
        productId,
        `DATE-${skuId}`,
        UNIT_MINOR,
      ]);
      await tx.query(`INSERT INTO sku_translations (sku_id, language_id, name) VALUES ($1, 'sv', 'Komplett'), ($1, 'en', 'Complete')`, [skuId]);
      await tx.query(
        `INSERT INTO discount_campaigns (campaign_id, type, value, buy_quantity, pay_quantity, threshold_minor, starts_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + interval '1 day')`,
        [
          campaignId,
          campaign.type,
          'value' in campaign ? campaign.value : 0,
          'buyQuantity' in campaign ? campaign.buyQuantity : null,
          'payQuantity' in campaign ? campaign.payQuantity : null,
          'thresholdMinor' in campaign ? campaign.thresholdMinor : null,
        ],
      );
      await tx.query(
        `INSERT INTO discount_campaign_translations (campaign_id, language_id, name, alias) VALUES ($1, 'sv', 'Datumrea', $2), ($1, 'en', 'Date sale', $3)`,
        [campaignId, `datumrea-${campaignId}`, `date-sale-${campaignId}`],
      );
      if (campaign.linked) await tx.query('INSERT INTO product_discount_campaigns (product_id, campaign_id) VALUES ($1, $2)', [productId, campaignId]);
      return { productId, skuId, campaignId };
    });
  }

  /** After the price refresh that runs every hour (main.ts), as it does once a campaign starts or ends. */
  async function seen({ productId, skuId, campaignId }: { productId: number; skuId: number; campaignId: number }): Promise<Seen> {
    await refreshPrices(db);
    type Ids = { discountCampaignId: number }[];
    const catalog = await gql<{
      products: {
        products: { unitPrice: { sellingPriceIncVat: number }; skus: { price: { sellingPriceIncVat: number } }[]; discountCampaigns: Ids }[];
        facets: { discountCampaigns: { id: string }[] };
      };
      discountCampaigns: Ids;
    }>(
      app,
      `query ($f: FilterInputType) {
         products(filter: $f) {
           products { unitPrice { sellingPriceIncVat } skus { price { sellingPriceIncVat } } discountCampaigns { discountCampaignId } }
           facets { discountCampaigns { id } } }
         discountCampaigns { discountCampaignId } }`,
      { f: { productIds: [productId] } },
    );
    expect(catalog.body.errors).toBeUndefined();
    const cart = await gql<{
      addToCart: {
        items: { unitPrice: { sellingPriceIncVat: number }; totalPrice: { sellingPriceIncVat: number } }[];
        appliedCampaigns: Ids;
        summary: { shipping: { feeIncVat: number } };
      };
    }>(
      app,
      `mutation ($item: CartItemInputType!) { addToCart(id: "", item: $item) {
         items { unitPrice { sellingPriceIncVat } totalPrice { sellingPriceIncVat } }
         appliedCampaigns { discountCampaignId } summary { shipping { feeIncVat } } } }`,
      { item: { skuId, quantity: QUANTITY } },
    );
    expect(cart.body.errors).toBeUndefined();
    const [product] = catalog.body.data!.products.products;
    const [line] = cart.body.data!.addToCart.items;
    const names = (ids: Ids) => ids.some((c) => c.discountCampaignId === campaignId);
    return {
      listPrice: product!.unitPrice.sellingPriceIncVat,
      skuPrice: product!.skus[0]!.price.sellingPriceIncVat,
      cartUnitPrice: line!.unitPrice.sellingPriceIncVat,
      cartLineTotal: line!.totalPrice.sellingPriceIncVat,
      shippingFee: cart.body.data!.addToCart.summary.shipping.feeIncVat,
      named: {
        product: names(product!.discountCampaigns),
        running: names(catalog.body.data!.discountCampaigns),
        facet: catalog.body.data!.products.facets.discountCampaigns.some((c) => Number(c.id) === campaignId),
        cart: names(cart.body.data!.addToCart.appliedCampaigns),
      },
    };
  }

  const expected = (prices: { unit: number; lineTotal: number; shippingFee: number }, linked: boolean, running: boolean): Seen => ({
    listPrice: prices.unit,
    skuPrice: prices.unit,
    cartUnitPrice: prices.unit,
    cartLineTotal: prices.lineTotal,
    shippingFee: prices.shippingFee,
    named: { product: running && linked, running, facet: running && linked, cart: running },
  });

  it.each(kinds)('honours a $type campaign alike in list prices, SKU prices, campaign lists, facets and the cart, before, during and after it runs', async (campaign) => {
    const fixture = await productWithCampaign(campaign);
    expect(await seen(fixture)).toEqual(expected(notRunning, campaign.linked, false));

    await db.query("UPDATE discount_campaigns SET starts_at = now() - interval '1 minute' WHERE campaign_id = $1", [fixture.campaignId]);
    expect(await seen(fixture)).toEqual(expected(campaign.running, campaign.linked, true));

    await db.query("UPDATE discount_campaigns SET ends_at = now() - interval '1 second' WHERE campaign_id = $1", [fixture.campaignId]);
    expect(await seen(fixture)).toEqual(expected(notRunning, campaign.linked, false));
  });
});
