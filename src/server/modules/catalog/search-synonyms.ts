import type { ShopVariant } from '../../../shared/shop';

/*
 * Words shoppers type that the catalog's own text does not use. A typed word (whole, lower case) also searches
 * for each of its alternatives, in product text as in category and brand names. Both languages' words share one
 * list per shop: the search matches the product's text in either language, so an English alternative helps the
 * Swedish shop too. An alternative is a prefix term like the typed word ('kabel' finds 'SCART-kabel'), so list the
 * word itself, and the Swedish compounds the catalog's names use ('länkkabel'): a prefix cannot reach the end of a
 * compound, and a product whose name holds the word ranks first.
 */
export const SEARCH_SYNONYMS: Readonly<Record<ShopVariant, Readonly<Record<string, readonly string[]>>>> = {
  games: {
    sladd: ['kabel', 'kablar', 'länkkabel', 'laddkabel', 'komponentkabel', 'cable'],
    sladdar: ['kabel', 'kablar', 'länkkabel', 'laddkabel', 'komponentkabel', 'cable'],
    kabel: ['kablar', 'länkkabel', 'laddkabel', 'komponentkabel', 'cable'],
    cable: ['kabel', 'kablar', 'länkkabel', 'laddkabel', 'komponentkabel'],
    cables: ['kabel', 'kablar', 'länkkabel', 'laddkabel', 'komponentkabel'],
    cord: ['cable', 'kabel', 'kablar'],
    wire: ['cable', 'kabel', 'kablar'],
    handkontroll: ['kontroll', 'controller'],
    handkontroller: ['kontroll', 'controller'],
    kontroll: ['handkontroll', 'controller'],
    kontroller: ['handkontroll', 'controller'],
    controller: ['handkontroll', 'kontroll'],
    gamepad: ['controller', 'handkontroll'],
    pad: ['controller', 'handkontroll'],
    joypad: ['controller', 'handkontroll'],
    styrspak: ['joystick'],
    spelkonsol: ['konsol', 'console'],
    console: ['konsol'],
    laddare: ['strömadapter', 'adapter'],
    charger: ['adapter', 'strömadapter'],
    minneskort: ['memory'],
  },
  candy: {
    godis: ['sweets', 'candy'],
    candy: ['godis', 'sweets'],
    sweets: ['godis'],
    lakrits: ['licorice', 'liquorice'],
    liquorice: ['licorice', 'lakrits'],
    licorice: ['lakrits', 'liquorice'],
    klubba: ['klubbor', 'lollipop'],
    lollipop: ['klubba', 'klubbor'],
    tuggummi: ['gum'],
    gum: ['tuggummi'],
    sura: ['sour'],
    sour: ['sura', 'sur'],
  },
};

/** The alternatives of one typed word in a shop: none when the list has no entry for it. */
export function synonymsOf(word: string, variant: ShopVariant | null | undefined): readonly string[] {
  if (!variant) return [];
  return Object.hasOwn(SEARCH_SYNONYMS[variant], word) ? SEARCH_SYNONYMS[variant][word]! : [];
}
