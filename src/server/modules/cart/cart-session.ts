import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money';
import { invalidInput } from '../../domain-error';
import type { CartWarning } from '../../generated/api-types';
import { easiestFreeShipping, priceLines, type PricedLine } from './campaigns';
import {
  cartCampaigns,
  deleteLine,
  findSku,
  loadLines,
  saveLine,
  saveLineAndLoad,
  setGiftCardCode,
  setPromoCode,
  type CartLine,
  type CartCampaigns,
  type CartRow,
  type SkuFacts,
} from './cart-store';
import { findUsableGiftCard, isSpentGiftCard, type GiftCard } from '../gift-card';
import { cartTexts, type CartTexts } from './messages';
import type { CartModel } from './models';
import { findActivePromoCode, meetsRequirements, type PromoCode } from './promo-codes';
import { MAX_LINE_QUANTITY } from '../../../shared/limits';
import { decideQuantity, MAX_CART_LINES, reconcileStock, unitsBeyondStock, type QuantityDecision, type StockNotice } from './stock-rules';
import { cartTotals } from './summary';

const goodsMinor = (lines: readonly PricedLine[]) => lines.reduce((sum, l) => sum + l.totalSellingMinor, 0);

/**
 * One cart inside one transaction (its row locked): corrects lines against today's prices and stock, applies
 * a change, and prices the result. Every warning collected on the way goes out with this answer.
 */
export class CartSession {
  private lines: CartLine[] = [];
  private readonly warnings: CartWarning[] = [];
  private wroteAny = false;
  private readonly texts: CartTexts;

  private constructor(
    private readonly tx: Queryable,
    private readonly cart: CartRow,
    private readonly languageId: LanguageId,
  ) {
    this.texts = cartTexts(languageId);
  }

  get cartId(): string {
    return this.cart.cartId;
  }

  /** Whether anything of the cart was written (lines, codes, what the shopper saw): its subscribers are told. */
  get wrote(): boolean {
    return this.wroteAny;
  }

  /** `created`: the cart was made in this transaction, so it has no lines to read. */
  static async open(tx: Queryable, cart: CartRow, languageId: LanguageId, { created = false } = {}): Promise<CartSession> {
    const session = new CartSession(tx, cart, languageId);
    if (!created) await session.reload();
    return session;
  }

  private async reload(): Promise<void> {
    this.lines = await loadLines(this.tx, this.cart.cartId, this.languageId);
  }

  private warn(code: CartWarning['code'], message: string, skuId: number | null = null): void {
    this.warnings.push({ code, message, skuId });
  }

  private warnStock(notice: StockNotice, sku: SkuFacts): void {
    const t = this.texts;
    switch (notice.kind) {
      case 'stockLimit':
        return this.warn('STOCK_LIMIT', t.stockLimit(notice.stock), sku.skuId);
      case 'outOfStock':
        // Nothing could be added: the same code as a cap at stock, with a text that says so plainly.
        return this.warn('STOCK_LIMIT', t.outOfStock(sku.displayName), sku.skuId);
      case 'alreadyAtStock':
        return this.warn('ALREADY_AT_STOCK', t.alreadyAtStock(notice.quantity), sku.skuId);
      case 'oversell':
        return this.warn('OVERSELL_DELIVERY', t.oversellDelivery(sku.displayName), sku.skuId);
      case 'stockChanged':
        return this.warn('STOCK_CHANGED', t.stockChanged(sku.displayName, notice.stock), sku.skuId);
      case 'itemRemoved':
        return this.warn('ITEM_REMOVED', t.itemRemoved(sku.displayName), sku.skuId);
    }
  }

  /**
   * Says what changed since the shopper last saw each line (price, stock) and lowers or removes lines stock
   * no longer covers. The new price and stock are recorded, so each change is told once.
   */
  async reconcile(): Promise<void> {
    let changed = false;
    for (const line of this.lines) {
      const decision = reconcileStock(line.quantity, line.seenStock, line);
      if (decision.quantity > 0 && line.sellingUnitMinor !== line.seenPriceMinor) {
        const from = formatMoney(line.seenPriceMinor, this.languageId);
        const to = formatMoney(line.sellingUnitMinor, this.languageId);
        this.warn('PRICE_CHANGED', this.texts.priceChanged(line.displayName, from, to), line.skuId);
      }
      if (decision.notice) this.warnStock(decision.notice, line);
      const seenChanged = line.sellingUnitMinor !== line.seenPriceMinor || line.stock !== line.seenStock;
      if (decision.quantity === 0) await deleteLine(this.tx, this.cart.cartId, line.skuId);
      else if (decision.quantity !== line.quantity || seenChanged) await saveLine(this.tx, this.cart.cartId, line, decision.quantity);
      else continue;
      changed = true;
    }
    if (changed) {
      this.wroteAny = true;
      await this.reload();
    }
  }

  /** A SKU already in the cart was read with its line in this transaction. */
  private async requireSku(skuId: number): Promise<SkuFacts> {
    const sku = this.lines.find((l) => l.skuId === skuId) ?? (await findSku(this.tx, skuId, this.languageId));
    if (!sku) throw invalidInput(`There is no SKU with id ${skuId}`);
    return sku;
  }

  private quantityOf(skuId: number): number {
    return this.lines.find((l) => l.skuId === skuId)?.quantity ?? 0;
  }

  private requireRoomForLine(current: number): void {
    if (current === 0 && this.lines.length >= MAX_CART_LINES) {
      throw invalidInput(`A cart holds at most ${MAX_CART_LINES} different items; remove one to add another`);
    }
  }

  private async applyDecision(sku: SkuFacts, current: number, decision: QuantityDecision): Promise<void> {
    if (decision.notice) this.warnStock(decision.notice, sku);
    if (decision.quantity === current) return;
    this.wroteAny = true;
    if (decision.quantity > 0) {
      this.lines = await saveLineAndLoad(this.tx, this.cart.cartId, sku, decision.quantity, this.languageId);
      return;
    }
    await deleteLine(this.tx, this.cart.cartId, sku.skuId);
    this.lines = this.lines.filter((l) => l.skuId !== sku.skuId);
  }

  /** addToCart: `quantity` more of the SKU, as far as stock allows. */
  async add(skuId: number, quantity: number): Promise<void> {
    const sku = await this.requireSku(skuId);
    const current = this.quantityOf(skuId);
    this.requireRoomForLine(current);
    if (current + quantity > MAX_LINE_QUANTITY) {
      throw invalidInput(`A cart line holds at most ${MAX_LINE_QUANTITY}; this one has ${current}, so at most ${MAX_LINE_QUANTITY - current} more`);
    }
    await this.applyDecision(sku, current, decideQuantity(current, current + quantity, sku));
  }

  /** updateCartItem: the line's new quantity, 0 removing it. */
  async update(skuId: number, quantity: number): Promise<void> {
    const sku = await this.requireSku(skuId);
    const current = this.quantityOf(skuId);
    if (quantity > 0) this.requireRoomForLine(current);
    await this.applyDecision(sku, current, quantity === 0 ? { quantity: 0, notice: null } : decideQuantity(current, quantity, sku));
  }

  /**
   * claimCart: another cart's lines added to this one's, each line as addToCart would take it (capped at stock
   * and at the most a line holds, every cap a warning). Lines past the most a cart holds are left out, each told.
   */
  async merge(lines: readonly { skuId: number; quantity: number }[]): Promise<void> {
    for (const { skuId, quantity } of lines) {
      const sku = await findSku(this.tx, skuId, this.languageId);
      if (!sku) continue;
      const current = this.quantityOf(skuId);
      if (current === 0 && this.lines.length >= MAX_CART_LINES) {
        this.warn('STOCK_LIMIT', this.texts.cartFull(sku.displayName, MAX_CART_LINES), skuId);
        continue;
      }
      const wanted = Math.min(current + quantity, MAX_LINE_QUANTITY);
      await this.applyDecision(sku, current, decideQuantity(current, wanted, sku));
    }
  }

  /** claimCart: the other cart's codes, where this cart has none of its own (they are checked as it is priced). */
  async adoptCodes(codes: { promoCode: string | null; giftCardCode: string | null }): Promise<void> {
    if (!this.cart.promoCode && codes.promoCode) await this.storePromoCode(codes.promoCode);
    if (!this.cart.giftCardCode && codes.giftCardCode) await this.storeGiftCard(codes.giftCardCode);
  }

  /**
   * setCartPromoCode with a code as typed; '' removes it. False when no such code runs now (a wrong guess,
   * counted against the client's attempts in cart-service.ts); a code whose requirements are not met exists.
   */
  async setPromoCode(code: string): Promise<boolean> {
    if (code === '') {
      await this.storePromoCode(null);
      return true;
    }
    const promo = await findActivePromoCode(this.tx, code);
    if (!promo) {
      // The shop's one code field tries a code as a promo code first, then as a gift card (CartCodeForm.tsx): a
      // gift card that can no longer be spent is told as such, not as a code that does not exist. An expired
      // card is worth nothing, so saying it exists gives a guesser nothing.
      const spentCard = await isSpentGiftCard(this.tx, code);
      this.warn('PROMO_CODE_INVALID', spentCard ? this.texts.giftCardInvalid() : this.texts.promoCodeInvalid());
      return false;
    }
    if (!meetsRequirements(promo, goodsMinor(this.priced(await this.campaigns())))) {
      this.warn('PROMO_CODE_REQUIREMENTS_NOT_MET', this.texts.promoCodeRequirementsNotMet());
      return true;
    }
    await this.storePromoCode(promo.code);
    return true;
  }

  private async storePromoCode(code: string | null): Promise<void> {
    if (code === this.cart.promoCode) return;
    this.wroteAny = true;
    await setPromoCode(this.tx, this.cart.cartId, code);
    this.cart.promoCode = code;
  }

  /**
   * setCartGiftCard with a normalised code: stored only when the card can be spent now; '' removes it. False
   * when the code was refused (counted against the client's attempts, see cart-service.ts).
   */
  async setGiftCard(code: string): Promise<boolean> {
    if (code === '') {
      await this.storeGiftCard(null);
      return true;
    }
    const card = await findUsableGiftCard(this.tx, code);
    if (!card) {
      this.warn('GIFT_CARD_INVALID', this.texts.giftCardInvalid());
      return false;
    }
    await this.storeGiftCard(card.code);
    return true;
  }

  private async storeGiftCard(code: string | null): Promise<void> {
    if (code === this.cart.giftCardCode) return;
    this.wroteAny = true;
    await setGiftCardCode(this.tx, this.cart.cartId, code);
    this.cart.giftCardCode = code;
  }

  /**
   * The applied card as it is now. One that ran out (another order spent it) or expired since it was applied
   * is removed and told, as a code that stopped running is.
   */
  private async currentGiftCard(): Promise<GiftCard | null> {
    if (!this.cart.giftCardCode) return null;
    const card = await findUsableGiftCard(this.tx, this.cart.giftCardCode);
    if (card) return card;
    this.warn('GIFT_CARD_INVALID', this.texts.giftCardInvalid());
    await this.storeGiftCard(null);
    return null;
  }

  private campaigns(): Promise<CartCampaigns> {
    return cartCampaigns(this.tx, [...new Set(this.lines.map((l) => l.productId))], this.languageId);
  }

  private priced(campaigns: CartCampaigns): PricedLine<CartLine>[] {
    return priceLines(this.lines, campaigns.byProduct);
  }

  /** A stored code that stopped running, or whose terms the cart no longer meets, is removed and told. */
  private async currentPromoCode(goods: number): Promise<PromoCode | null> {
    if (!this.cart.promoCode) return null;
    const promo = await findActivePromoCode(this.tx, this.cart.promoCode);
    if (promo && meetsRequirements(promo, goods)) return promo;
    if (promo) this.warn('PROMO_CODE_REQUIREMENTS_NOT_MET', this.texts.promoCodeRequirementsNotMet());
    else this.warn('PROMO_CODE_INVALID', this.texts.promoCodeInvalid());
    await this.storePromoCode(null);
    return null;
  }

  async finish(): Promise<CartModel> {
    const running = await this.campaigns();
    const lines = this.priced(running);
    const promo = await this.currentPromoCode(goodsMinor(lines));
    const freeShipping = easiestFreeShipping(running.freeShipping);
    const { totals, campaigns, giftCard } = cartTotals(lines, promo, freeShipping, await this.currentGiftCard());
    const languageId = this.languageId;
    return {
      languageId,
      id: this.cart.cartId,
      promoCode: this.cart.promoCode,
      giftCard,
      campaigns,
      totals,
      warnings: this.warnings,
      items: lines.map(({ line, applied, prices, totalRegularMinor, totalSellingMinor }) => ({
        languageId,
        skuId: line.skuId,
        productId: line.productId,
        name: line.displayName,
        articleNumber: line.articleNumber,
        quantity: line.quantity,
        backorderedQuantity: unitsBeyondStock(line.quantity, line),
        oversellable: line.oversellable,
        vatRate: line.vatRate,
        regularUnitMinor: line.regularUnitMinor,
        sellingUnitMinor: line.sellingUnitMinor,
        totalRegularMinor,
        totalSellingMinor,
        campaigns: applied,
        unitPrices: prices,
      })),
    };
  }
}
