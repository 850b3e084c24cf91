import type { Queryable } from '../../db/client';
import type { ShopVariant } from '../../../shared/shop';
import { searchWords, swappedSpellings } from './product-list-sql';
import { synonymsOf } from './search-synonyms';
import { BriefCache, cachesOf } from './brief-cache';

/*
 * What a search text asks for, worked out once per text from the catalog's words (migration 0021) before any
 * product is read. A word some product's text starts with is searched as typed, as a prefix ('zel' finds 'Zelda'),
 * and never corrected: exact comes before fuzzy, and a fuzzy term added to a word that already matches would only
 * add hits to rank. A word no product's text starts with is a slip: it is searched as the catalog's words closest to
 * it — the same word with two neighbouring letters swapped ('zleda' → 'zelda', the commonest slip on a phone and
 * one trigrams cannot see), the words most alike by trigrams and then by edit distance ('pokmeon' → 'pokemon'), and
 * two words run together ('gameboy' → 'game boy').
 */

/** Shorter unknown words get no corrections: so short a word is as close to many words as to the one meant. */
const MIN_CORRECTED_WORD = 4;
/** Longer "words" are pasted junk, not typing. */
const MAX_CORRECTED_WORD = 30;
/** Closest words a slip is searched as. */
const MAX_NEAR_WORDS = 3;
/** The search text's words, at most: the API's longest text (200 characters) holds about this many. */
const MAX_WORDS = 40;

/** A tsquery operand: a whole word, or a prefix ('zel:*'); only letters and digits (searchWords). */
export interface SearchOperand {
  readonly word: string;
  readonly prefix: boolean;
}

export interface SearchPlan {
  /**
   * Per typed word, its alternatives (any may match); an alternative is one or more operands that must all match
   * ('gameboy' → 'game' and 'boy:*'). Every typed word must match.
   */
  readonly terms: readonly (readonly (readonly SearchOperand[])[])[];
  /** The name keys the text may name (search_name_key: 'game boy' → 'gameboy'), as typed and as corrected. */
  readonly keys: readonly string[];
}

/**
 * A plan is the same for every request until the catalog's words change: briefly cached per database. A stale
 * plan still searches every typed word as typed; only its corrections may lag a new word by a minute.
 */
const plans = new Map<string, BriefCache<SearchPlan | null>>();
const PLAN_TTL_MS = 60_000;

const prefix = (word: string): SearchOperand[] => [{ word, prefix: true }];
const whole = (word: string): SearchOperand[] => [{ word, prefix: false }];

export async function planSearch(db: Queryable, text: string | null | undefined, variant: ShopVariant | null | undefined): Promise<SearchPlan | null> {
  const typed = searchWords(text ?? '').slice(0, MAX_WORDS);
  if (!typed.length) return null;
  const cache = cachesOf(plans, db, () => new BriefCache(PLAN_TTL_MS, 1_000));
  const key = `${variant ?? ''}\u0000${typed.join(' ')}`;
  return cache.get(key, () => resolvePlan(db, typed, variant));
}

async function resolvePlan(db: Queryable, typed: string[], variant: ShopVariant | null | undefined): Promise<SearchPlan> {
  const candidatesOf = (word: string) => {
    const chars = [...word];
    if (chars.length < MIN_CORRECTED_WORD || chars.length > MAX_CORRECTED_WORD) return [];
    const splits = chars.slice(2, -1).map((_, i) => [chars.slice(0, i + 2).join(''), chars.slice(i + 2).join('')]);
    return [...swappedSpellings(word), ...splits.flat()];
  };
  // One statement for all words: whether each is known, its nearest words if not, and which of the swapped
  // spellings and split halves are words at all.
  const rows = await db.query<{ i: number; word: string; known: boolean; stop: boolean; near: string[] | null; existing: string[] | null }>(
    `SELECT q.i::int AS i, q.word, k.known,
       (ts_lexize('swedish_stem', q.word) = '{}' OR ts_lexize('english_stem', q.word) = '{}') AS stop,
       CASE WHEN k.known OR char_length(q.word) < $3 OR char_length(q.word) > $4 THEN NULL ELSE ARRAY(
         SELECT s.word FROM search_words s WHERE s.word % q.word
         ORDER BY levenshtein(s.word, q.word), similarity(s.word, q.word) DESC, s.word LIMIT $5) END AS near,
       CASE WHEN k.known THEN NULL ELSE ARRAY(
         SELECT s.word FROM search_words s WHERE s.word = ANY(q.candidates)) END AS existing
     FROM (SELECT i, fold_search_text(word) AS word, fold_search_text(candidates)::text[] AS candidates
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(word, candidates, i)) q
     CROSS JOIN LATERAL (SELECT EXISTS (
       SELECT 1 FROM search_words s WHERE s.word >= q.word AND s.word < q.word || chr(1114111)) AS known) k
     ORDER BY q.i`,
    [typed, typed.map((w) => `{${candidatesOf(w).join(',')}}`), MIN_CORRECTED_WORD, MAX_CORRECTED_WORD, MAX_NEAR_WORDS],
  );
  const terms: SearchOperand[][][] = [];
  const asTyped: string[] = [];
  const corrected: string[] = [];
  // A word either shop language stems to nothing ('the', 'of', 'och') is left out while another word remains: as
  // a prefix it matched every 'theme' and 'offer' in both languages' text, and reading those words' hits made
  // 'the legend of zelda ocarina of time' twenty times slower. It still counts in the name keys below.
  const searched = rows.some((row) => !row.stop) ? rows.filter((row) => !row.stop) : rows;
  for (const row of rows) {
    const word = row.word;
    asTyped.push(word);
    if (!searched.includes(row)) {
      corrected.push(word);
      continue;
    }
    const synonyms = synonymsOf(word, variant).flatMap(searchWords).map(prefix);
    if (row.known) {
      corrected.push(word);
      terms.push([prefix(word), ...synonyms]);
      continue;
    }
    const existing = new Set(row.existing ?? []);
    const swaps = swappedSpellings(word).filter((w) => existing.has(w));
    const chars = [...word];
    const split = chars
      .slice(2, -1)
      .map((_, i) => [chars.slice(0, i + 2).join(''), chars.slice(i + 2).join('')] as const)
      .find(([a, b]) => existing.has(a) && existing.has(b));
    // A swap or two known words run together explain the slip better than any look-alike word, which would only
    // bring hits of its own ('gameboy' is not 'game').
    const near = swaps.length || split ? [] : (row.near ?? []);
    const best = swaps[0] ?? (split ? split.join('') : undefined) ?? near[0] ?? word;
    corrected.push(best);
    terms.push([
      prefix(word),
      ...swaps.map(whole),
      ...(split ? [[...whole(split[0]), ...prefix(split[1])]] : []),
      ...near.map(whole),
      ...synonyms,
    ]);
  }
  const keys = [...new Set([asTyped.join(''), corrected.join('')])];
  return { terms, keys };
}

