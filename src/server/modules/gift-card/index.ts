/*
 * Gift cards: a code with a balance that pays part or all of an order. The cart shows what a card would cover,
 * checkout locks the card last (after the cart and the SKUs) and draws from it, and a failed payment returns the
 * draw. Codes are read the way promo codes are (src/shared/codes.ts).
 */
export {
  drawGiftCard,
  findUsableGiftCard,
  giftCardCoverMinor,
  isSpentGiftCard,
  lockUsableGiftCard,
  returnGiftCardDraw,
  usableGiftCardCodes,
  type GiftCard,
} from './gift-cards';
