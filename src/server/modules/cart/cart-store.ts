import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { skuDisplayName } from '../catalog';
import type { CampaignType } from '../../../shared/campaigns';
import type { CampaignRef } from './campaigns';

/** A cart line with what the SKU costs and holds now, and what the shopper last saw. */
export interface CartLine {
  skuId: number;
  productId: number;
  quantity: number;
  seenPriceMinor: number;
  seenStock: number | null;
  regularUnitMinor: number;
  sellingUnitMinor: number;
  vatRate: number;
  stock: number;
  oversellable: boolean;
  isStatic: boolean;
  /** The product's name, with the SKU's when the product has several. */
  displayName: string;
  articleNumber: string;
}

export type SkuFacts = Omit<CartLine, 'quantity' | 'seenPriceMinor' | 'seenStock'>;

export interface CartRow {
  cartId: string;
  promoCode: string | null;
  giftCardCode: string | null;
  /** The signed-in customer the cart belongs to; null for a guest cart. */
  customerId: number | null;
}

interface CartRecord {
  cart_id: string;
  promo_code: string | null;
  gift_card_code: string | null;
  customer_id: number | null;
}

const cartColumns = 'cart_id, promo_code, gift_card_code, customer_id';
const toCartRow = (r: CartRecord): CartRow => ({ cartId: r.cart_id, promoCode: r.promo_code, giftCardCode: r.gift_card_code, customerId: r.customer_id });

const skuColumns = `s.sku_id, s.product_id, sp.price_minor, sp.selling_price_minor, p.vat_rate, s.stock, s.oversellable,
  s.is_static, s.article_number, pt.name AS product_name, st.name AS sku_name,
  EXISTS (SELECT 1 FROM skus o WHERE o.product_id = s.product_id AND o.sku_id <> s.sku_id) AS has_siblings`;

const skuJoins = (language: string) => `JOIN sku_prices sp ON sp.sku_id = s.sku_id
  JOIN products p ON p.product_id = s.product_id
  LEFT JOIN product_translations pt ON pt.product_id = s.product_id AND pt.language_id = ${language}
  LEFT JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = ${language}`;

interface SkuRow {
  sku_id: number;
  product_id: number;
  price_minor: number;
  selling_price_minor: number;
  vat_rate: number;
  stock: number;
  oversellable: boolean;
  is_static: boolean;
  article_number: string;
  product_name: string | null;
  sku_name: string | null;
  has_siblings: boolean;
}

function toSkuFacts(r: SkuRow): SkuFacts {
  return {
    skuId: r.sku_id,
    productId: r.product_id,
    regularUnitMinor: r.price_minor,
    sellingUnitMinor: r.selling_price_minor,
    vatRate: r.vat_rate,
    stock: r.stock,
    oversellable: r.oversellable,
    isStatic: r.is_static,
    displayName: skuDisplayName({ productId: r.product_id, productName: r.product_name, skuName: r.sku_name, hasSiblings: r.has_siblings }),
    articleNumber: r.article_number,
  };
}

/** Locks the cart row: mutations and reads that correct lines run one at a time per cart. */
export async function lockCart(tx: Queryable, cartId: string): Promise<CartRow | null> {
  const [row] = await tx.query<CartRecord>(`SELECT ${cartColumns} FROM carts WHERE cart_id = $1 FOR UPDATE`, [cartId]);
  return row ? toCartRow(row) : null;
}

/** Who the cart belongs to, without locking it: undefined when there is no such cart, null for a guest cart. */
export async function selectCartOwner(db: Queryable, cartId: string): Promise<number | null | undefined> {
  const [row] = await db.query<{ customer_id: number | null }>('SELECT customer_id FROM carts WHERE cart_id = $1', [cartId]);
  return row ? row.customer_id : undefined;
}

/** The SKUs and products of the cart's lines. */
export async function selectLineKeys(db: Queryable, cartId: string): Promise<{ skuId: number; productId: number }[]> {
  const rows = await db.query<{ sku_id: number; product_id: number }>(
    'SELECT ci.sku_id, s.product_id FROM cart_items ci JOIN skus s ON s.sku_id = ci.sku_id WHERE ci.cart_id = $1',
    [cartId],
  );
  return rows.map((r) => ({ skuId: r.sku_id, productId: r.product_id }));
}

/** Locks the customer's own cart (a customer has at most one). */
export async function lockCustomerCart(tx: Queryable, customerId: number): Promise<CartRow | null> {
  const [row] = await tx.query<CartRecord>(`SELECT ${cartColumns} FROM carts WHERE customer_id = $1 FOR UPDATE`, [customerId]);
  return row ? toCartRow(row) : null;
}

/**
 * Creates the customer's cart under `cartId` unless they have one already (a concurrent request may have made it
 * a moment ago: the unique index keeps it to one), and locks whichever is theirs.
 */
export async function createCustomerCart(tx: Queryable, cartId: string, customerId: number): Promise<CartRow> {
  await tx.query('INSERT INTO carts (cart_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [cartId, customerId]);
  const row = await lockCustomerCart(tx, customerId);
  if (!row) throw new Error(`The cart of customer ${customerId} was neither created nor found`);
  return row;
}

/** A cart a mutation holds locked, and whether the mutation is to be applied (its key is not yet on record). */
export interface CartForWrite {
  cart: CartRow;
  applies: boolean;
}

/**
 * Locks a cart for a mutation and records the request's idempotency key with it, in one statement. The UPDATE
 * takes the row lock (as SELECT … FOR UPDATE does) and moves updated_at, also for a replay (the shopper is
 * active); a cart deleted while this waited for its lock is not found, and no key is recorded for it. `applies`
 * is false when this cart already applied a mutation with the key: ON CONFLICT sees a key a concurrent request
 * committed while this one waited. `which` names the cart by id, usable by `usableBy` (a guest cart is anyone's
 * who holds its id, a customer's cart only theirs), or as the customer's own cart.
 */
export async function lockCartForWrite(
  tx: Queryable,
  which: { cartId: string; usableBy: number | null } | { customerId: number },
  key: string | null,
): Promise<CartForWrite | null> {
  const [where, params] =
    'cartId' in which
      ? ['cart_id = $2 AND (customer_id IS NULL OR customer_id = $3::int)', [which.cartId, which.usableBy]]
      : ['customer_id = $2', [which.customerId]];
  const [row] = await tx.query<CartRecord & { applies: boolean }>(
    `WITH cart AS (UPDATE carts SET updated_at = now() WHERE ${where} RETURNING ${cartColumns}),
     claimed AS (INSERT INTO cart_idempotency_keys (cart_id, idempotency_key) SELECT cart_id, $1 FROM cart WHERE $1::text IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT cart.*, ($1::text IS NULL OR EXISTS (SELECT 1 FROM claimed)) AS applies FROM cart`,
    [key, ...params],
  );
  return row ? { cart: toCartRow(row), applies: row.applies } : null;
}

/**
 * Makes a cart for a mutation, with the request's idempotency key on record, in one statement. null when the
 * customer has a cart already (a concurrent request may have made it a moment ago: the unique index keeps it to
 * one); lock that one instead.
 */
export async function createCartForWrite(tx: Queryable, cartId: string, customerId: number | null, key: string | null): Promise<CartRow | null> {
  const [row] = await tx.query<CartRecord>(
    `WITH cart AS (INSERT INTO carts (cart_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${cartColumns}),
     claimed AS (INSERT INTO cart_idempotency_keys (cart_id, idempotency_key) SELECT cart_id, $3 FROM cart WHERE $3::text IS NOT NULL)
     SELECT * FROM cart`,
    [cartId, customerId, key],
  );
  return row ? toCartRow(row) : null;
}

/** Removes the cart with its lines, codes, keys and checkout form (they cascade). */
/**
 * A merged cart's applied changes become the target's: a change the shopper's device replays after the merge (its
 * answer was lost) names the merged cart's keys, and must find them applied.
 */
export async function moveIdempotencyKeys(tx: Queryable, fromCartId: string, toCartId: string): Promise<void> {
  await tx.query(
    `INSERT INTO cart_idempotency_keys (cart_id, idempotency_key, created_at)
     SELECT $2, idempotency_key, created_at FROM cart_idempotency_keys WHERE cart_id = $1
     ON CONFLICT DO NOTHING`,
    [fromCartId, toCartId],
  );
}

export async function deleteCart(tx: Queryable, cartId: string): Promise<void> {
  await tx.query('DELETE FROM carts WHERE cart_id = $1', [cartId]);
}

type LineRow = SkuRow & { quantity: number; unit_price_minor: number; seen_stock: number | null };

/** The cart's lines from `source` (rows of cart_items), in the order the shopper added them; $2 is the language. */
const linesFrom = (source: string) => `SELECT ${skuColumns}, ci.quantity, ci.unit_price_minor, ci.seen_stock
  FROM ${source} ci JOIN skus s ON s.sku_id = ci.sku_id ${skuJoins('$2')}
  ORDER BY ci.added_at, ci.sku_id`;

const toCartLine = (r: LineRow): CartLine => ({ ...toSkuFacts(r), quantity: r.quantity, seenPriceMinor: r.unit_price_minor, seenStock: r.seen_stock });

export async function loadLines(db: Queryable, cartId: string, languageId: LanguageId): Promise<CartLine[]> {
  const rows = await db.query<LineRow>(linesFrom('(SELECT * FROM cart_items WHERE cart_id = $1)'), [cartId, languageId]);
  return rows.map(toCartLine);
}

export async function findSku(db: Queryable, skuId: number, languageId: LanguageId): Promise<SkuFacts | null> {
  const [row] = await db.query<SkuRow>(`SELECT ${skuColumns} FROM skus s ${skuJoins('$2')} WHERE s.sku_id = $1`, [skuId, languageId]);
  return row ? toSkuFacts(row) : null;
}

const upsertLine = (cart: string, sku: string, quantity: string, price: string, stock: string) =>
  `INSERT INTO cart_items (cart_id, sku_id, quantity, unit_price_minor, seen_stock) VALUES (${cart}, ${sku}, ${quantity}, ${price}, ${stock})
   ON CONFLICT (cart_id, sku_id) DO UPDATE SET quantity = EXCLUDED.quantity, unit_price_minor = EXCLUDED.unit_price_minor,
     seen_stock = EXCLUDED.seen_stock, updated_at = now()`;

/** Sets a line's quantity and records the price and stock the shopper sees with it. */
export async function saveLine(tx: Queryable, cartId: string, sku: SkuFacts, quantity: number): Promise<void> {
  await tx.query(upsertLine('$1', '$2', '$3', '$4', '$5'), [cartId, sku.skuId, quantity, sku.sellingUnitMinor, sku.stock]);
}

/**
 * saveLine, answering the cart's lines after it in the same statement (the saved line as the upsert left it, the
 * others as they are). The caller holds the cart locked, so no other line changes meanwhile.
 */
export async function saveLineAndLoad(tx: Queryable, cartId: string, sku: SkuFacts, quantity: number, languageId: LanguageId): Promise<CartLine[]> {
  const lineColumns = 'sku_id, quantity, unit_price_minor, seen_stock, added_at';
  const rows = await tx.query<LineRow>(
    `WITH saved AS (${upsertLine('$1', '$3', '$4', '$5', '$6')} RETURNING ${lineColumns})
     ${linesFrom(`(SELECT ${lineColumns} FROM cart_items WHERE cart_id = $1 AND sku_id <> $3 UNION ALL SELECT ${lineColumns} FROM saved)`)}`,
    [cartId, languageId, sku.skuId, quantity, sku.sellingUnitMinor, sku.stock],
  );
  return rows.map(toCartLine);
}

export async function deleteLine(tx: Queryable, cartId: string, skuId: number): Promise<void> {
  await tx.query('DELETE FROM cart_items WHERE cart_id = $1 AND sku_id = $2', [cartId, skuId]);
}

export async function setPromoCode(tx: Queryable, cartId: string, code: string | null): Promise<void> {
  await tx.query('UPDATE carts SET promo_code = $2, updated_at = now() WHERE cart_id = $1', [cartId, code]);
}

export async function setGiftCardCode(tx: Queryable, cartId: string, code: string | null): Promise<void> {
  await tx.query('UPDATE carts SET gift_card_code = $2, updated_at = now() WHERE cart_id = $1', [cartId, code]);
}

export async function touchCart(tx: Queryable, cartId: string): Promise<void> {
  await tx.query('UPDATE carts SET updated_at = now() WHERE cart_id = $1', [cartId]);
}

/** The SKUs in the cart, in sku_id order (the order their rows are locked in). */
export async function selectSkuIds(db: Queryable, cartId: string): Promise<number[]> {
  const rows = await db.query<{ sku_id: number }>('SELECT sku_id FROM cart_items WHERE cart_id = $1 ORDER BY sku_id', [cartId]);
  return rows.map((r) => r.sku_id);
}

/** Removes every line and both codes. */
export async function clearCart(tx: Queryable, cartId: string): Promise<void> {
  await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [cartId]);
  await tx.query('UPDATE carts SET promo_code = NULL, gift_card_code = NULL, updated_at = now() WHERE cart_id = $1', [cartId]);
}

/**
 * Adds units to lines at today's selling prices and stock (as the shopper now sees them), a line's quantity
 * capped at `maxQuantity`.
 */
export async function addLines(tx: Queryable, cartId: string, lines: readonly { skuId: number; quantity: number }[], maxQuantity: number): Promise<void> {
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO cart_items (cart_id, sku_id, quantity, unit_price_minor, seen_stock)
     SELECT $1, l.sku_id, LEAST(l.quantity, $4), sp.selling_price_minor, s.stock
     FROM unnest($2::int[], $3::int[]) AS l (sku_id, quantity)
     JOIN skus s ON s.sku_id = l.sku_id JOIN sku_prices sp ON sp.sku_id = l.sku_id
     ON CONFLICT (cart_id, sku_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, $4), updated_at = now()`,
    [cartId, lines.map((l) => l.skuId), lines.map((l) => l.quantity), maxQuantity],
  );
}

interface CampaignRow {
  campaign_id: number;
  type: CampaignType;
  value: number;
  buy_quantity: number | null;
  pay_quantity: number | null;
  threshold_minor: number | null;
  hide_title: boolean;
  name: string;
}

const campaignColumns = 'c.campaign_id, c.type, c.value, c.buy_quantity, c.pay_quantity, c.threshold_minor, c.hide_title, ct.name';

function toCampaignRef(r: CampaignRow): CampaignRef {
  return {
    campaignId: r.campaign_id,
    type: r.type,
    value: r.value,
    buyQuantity: r.buy_quantity,
    payQuantity: r.pay_quantity,
    thresholdMinor: r.threshold_minor,
    hideTitle: r.hide_title,
    name: r.name,
  };
}

/** The running campaigns a cart's pricing needs. */
export interface CartCampaigns {
  /** Each product's campaigns, keyed by product. */
  byProduct: Map<number, CampaignRef[]>;
  /** FREE_SHIPPING campaigns: they cover the whole cart, whatever is in it. */
  freeShipping: CampaignRef[];
}

/** The running campaigns of the given products and every running FREE_SHIPPING campaign, in one statement. */
export async function cartCampaigns(db: Queryable, productIds: readonly number[], languageId: LanguageId): Promise<CartCampaigns> {
  const rows = await db.query<CampaignRow & { product_id: number | null }>(
    `SELECT pdc.product_id, ${campaignColumns} FROM active_discount_campaigns c
     JOIN discount_campaign_translations ct ON ct.campaign_id = c.campaign_id AND ct.language_id = $1
     LEFT JOIN product_discount_campaigns pdc ON pdc.campaign_id = c.campaign_id AND pdc.product_id = ANY($2::int[])
     WHERE pdc.product_id IS NOT NULL OR c.type = 'FREE_SHIPPING' ORDER BY c.campaign_id`,
    [languageId, productIds],
  );
  const byProduct = new Map<number, CampaignRef[]>();
  const freeShipping = new Map<number, CampaignRef>();
  for (const row of rows) {
    const campaign = toCampaignRef(row);
    if (row.product_id !== null) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), campaign]);
    if (campaign.type === 'FREE_SHIPPING') freeShipping.set(campaign.campaignId, campaign);
  }
  return { byProduct, freeShipping: [...freeShipping.values()] };
}

/** Running FREE_SHIPPING campaigns: they cover the whole cart, whatever is in it. */
export async function freeShippingCampaigns(db: Queryable, languageId: LanguageId): Promise<CampaignRef[]> {
  const rows = await db.query<CampaignRow>(
    `SELECT ${campaignColumns} FROM active_discount_campaigns c
     JOIN discount_campaign_translations ct ON ct.campaign_id = c.campaign_id AND ct.language_id = $1
     WHERE c.type = 'FREE_SHIPPING' ORDER BY c.campaign_id`,
    [languageId],
  );
  return rows.map(toCampaignRef);
}

/** How many rows one retention statement deletes at most, so no single statement holds the tables long. */
export const RETENTION_BATCH = 5_000;

/**
 * Deletes one batch of guest carts (no customer) that are empty and untouched since `emptyBefore`, or untouched
 * since `untouchedBefore` whatever they hold; their lines, keys and checkout form cascade. Answers how many went.
 */
export async function deleteStaleGuestCarts(db: Queryable, emptyBefore: Date, untouchedBefore: Date): Promise<number> {
  // The outer WHERE says it again: on PostgreSQL a row a shopper changed while this DELETE waited for its lock is
  // deleted on the subquery's old verdict otherwise (every cart change moves updated_at, so the recheck sees it).
  // A cart whose order still waits for its payment stays: a failed payment puts the lines back into it.
  const stale = `customer_id IS NULL
    AND (updated_at < $2 OR (updated_at < $1 AND NOT EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = carts.cart_id)))
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = carts.cart_id AND o.payment_status = 'PENDING')`;
  const rows = await db.query(
    `DELETE FROM carts WHERE cart_id IN (SELECT cart_id FROM carts WHERE ${stale} LIMIT $3) AND ${stale} RETURNING 1`,
    [emptyBefore, untouchedBefore, RETENTION_BATCH],
  );
  return rows.length;
}

/** Deletes one batch of replay keys recorded before `before` (a replay older than that is not expected). */
export async function deleteOldIdempotencyKeys(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query(
    `DELETE FROM cart_idempotency_keys WHERE (cart_id, idempotency_key) IN (
       SELECT cart_id, idempotency_key FROM cart_idempotency_keys WHERE created_at < $1 LIMIT $2)
     RETURNING 1`,
    [before, RETENTION_BATCH],
  );
  return rows.length;
}
