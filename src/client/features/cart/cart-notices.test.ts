import { beforeEach, describe, expect, it } from 'vitest';
import type { CartWarningCode } from '../../graphql/generated/operations';
import { ui } from '../../lib/ui-state';
import { cartNotices, forgetLineNote, notesOfGoneLines, tellCartWarnings } from './cart-notices';
import { cartAnswerContext } from './cart-store';

const warning = (code: CartWarningCode, message: string, skuId: number | null) => ({ __typename: 'CartWarning' as const, code, message, skuId });
const lowered = warning('STOCK_CHANGED', 'Endast 1 av Super Mario World kvar på lager. Antalet i varukorgen har ändrats till 1', 7);
const removed = warning('ITEM_REMOVED', 'Pokémon Emerald är slut i lager och har tagits bort från varukorgen', 9);

describe('cart notices', () => {
  beforeEach(() => {
    ui.notification = null;
    forgetLineNote(7);
    forgetLineNote(9);
  });

  it("tells a getCart answer's warnings in one snackbar message and keeps a note per line", () => {
    cartAnswerContext.onAnswer({
      variables: { languageId: 'sv' },
      data: { getCart: { id: '', items: [{ skuId: 7 }], warnings: [lowered, removed] } },
      startedAt: 1,
      receivedAt: 2,
    });
    expect(ui.notification?.text).toBe(`${lowered.message} ${removed.message}`);
    expect(cartNotices.bySku.get(7)).toEqual([lowered.message]);
    // The removed line's note shows above the lines, the held line's under it.
    expect(notesOfGoneLines(cartNotices.bySku, { items: [{ skuId: 7 }] as never })).toEqual([removed.message]);
  });

  it('keeps no note for a pre-order (the line says it) or a refused code, and forgets a line the shopper changes', () => {
    tellCartWarnings([warning('OVERSELL_DELIVERY', 'Leveranstiden kan påverkas', 7), warning('PROMO_CODE_INVALID', 'Koden är ej giltig', null)]);
    expect(cartNotices.bySku.size).toBe(0);
    tellCartWarnings([lowered]);
    forgetLineNote(7);
    expect(cartNotices.bySku.has(7)).toBe(false);
  });

  it('says nothing for an answer without warnings', () => {
    tellCartWarnings([]);
    expect(ui.notification).toBeNull();
  });
});
