/** URL aliases: lowercase ASCII words joined by hyphens, as the shop's routes (/p/{alias}, /c/{alias}) expect. */

const FOLDED: Record<string, string> = {
  å: 'a', ä: 'a', á: 'a', à: 'a', â: 'a', ã: 'a',
  ö: 'o', ó: 'o', ò: 'o', ô: 'o', õ: 'o', ø: 'o',
  é: 'e', è: 'e', ê: 'e', ë: 'e',
  í: 'i', ì: 'i', î: 'i', ï: 'i',
  ú: 'u', ù: 'u', û: 'u', ü: 'u',
  ç: 'c', ñ: 'n', ß: 'ss', æ: 'ae',
};

export function slugify(text: string): string {
  const folded = text
    .toLowerCase()
    // Everything outside printable ASCII is folded (å → a) or becomes a word break.
    .replace(/[^ -~]/g, (ch) => FOLDED[ch] ?? ' ')
    .replace(/&/g, ' ')
    .replace(/['’]/g, '');
  return folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Hands out aliases that are unique within one language (the tables have UNIQUE (language_id, alias)).
 * Candidates are tried in order; the last resort appends the entity id, which is unique by construction.
 */
export class AliasRegistry {
  private readonly taken = new Set<string>();

  claim(candidates: readonly string[], id: number): string {
    for (const candidate of candidates) {
      const alias = slugify(candidate);
      if (alias !== '' && !this.taken.has(alias)) {
        this.taken.add(alias);
        return alias;
      }
    }
    const first = slugify(candidates[0] ?? '') || 'item';
    let alias = `${first}-${id}`;
    for (let n = 2; this.taken.has(alias); n++) alias = `${first}-${id}-${n}`;
    this.taken.add(alias);
    return alias;
  }
}
