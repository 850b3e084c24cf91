import pagesEn from '../../../locales/en.json';
import pagesSv from '../../../locales/sv.json';
import serverEn from '../../../locales/server/en.json';
import serverSv from '../../../locales/server/sv.json';
import type { Db } from '../db/client';
import { SHOP_INFO } from '../db/seed/shop-info';
import type { LanguageId } from '../../shared/locales';
import type { ShopVariant } from '../../shared/shop';

const NEXT_DAY: Record<LanguageId, RegExp> = { sv: /nästa (var)?dag/i, en: /next[- ](working )?day/i };
const IN_STOCK: Record<LanguageId, string> = { sv: 'i lager', en: 'in stock' };

/**
 * The sentences of a text that promise next-day shipping for everything. Only what is in stock ships the next
 * working day (out of stock or ordered in takes 5–10 working days), so every sentence that promises it must say
 * so. A text without a full stop is a heading or a label ('Leverans nästa dag' above the sentence that
 * qualifies it, a SKU's own 'Skickas nästa vardag'), not a sentence.
 */
function nextDayForEverything(text: string, languageId: LanguageId): string[] {
  const sentences = text.split(/<[^>]*>/).flatMap((part) => part.match(/[^.!?]+[.!?]/g) ?? []);
  return sentences.filter((s) => NEXT_DAY[languageId].test(s) && !s.toLowerCase().includes(IN_STOCK[languageId])).map((s) => s.trim());
}

const localeFiles = [
  { file: 'locales/sv.json', languageId: 'sv', messages: pagesSv },
  { file: 'locales/en.json', languageId: 'en', messages: pagesEn },
  { file: 'locales/server/sv.json', languageId: 'sv', messages: serverSv },
  { file: 'locales/server/en.json', languageId: 'en', messages: serverEn },
] as const;

/**
 * Where the stored shop texts, or the pages' texts in the locale files, contradict the shop or each other, one line
 * each; none for a consistent shop. Shared by the seed's tests (a new shop) and the migrations' (a shop seeded
 * before the texts were fixed).
 */
export async function shopCopyProblems(db: Db, variant: ShopVariant): Promise<string[]> {
  const shop = SHOP_INFO[variant];
  const problems: string[] = [];
  const count = async (sql: string, params: readonly string[] = []) => (await db.query<{ n: number }>(sql, params))[0]!.n;

  // The product page states the delivery time from the chosen SKU's stock status; a product text that promises
  // next-day delivery contradicts it for everything out of stock or ordered in.
  const promises = await count(`SELECT count(*)::int AS n FROM product_translations
    WHERE description ~* '(nästa vardag|next working day)' OR extra_information ~* '(nästa vardag|next working day)'`);
  if (promises) problems.push(`${promises} product texts promise a delivery time`);

  const pointless = await count(`SELECT count(*)::int AS n FROM product_translations t
    WHERE (t.extra_information LIKE '%Välj skick ovan%' OR t.extra_information LIKE '%Choose the condition above%')
      AND (SELECT count(*) FROM skus s WHERE s.product_id = t.product_id) < 2`);
  if (pointless) problems.push(`${pointless} product texts of a single-SKU product point at a condition picker`);

  const pages = await db.query<{ key: string; language_id: string; text: string }>(`SELECT p.key, t.language_id,
      t.title || ' ' || t.description || ' ' || t.body AS text
    FROM content_pages p JOIN content_page_translations t USING (page_id) ORDER BY p.key, t.language_id`);
  for (const page of pages) {
    const english = page.language_id === 'en';
    if (english && page.text.includes(shop.name.sv)) problems.push(`the English ${page.key} page names the shop '${shop.name.sv}'`);
    for (const sentence of nextDayForEverything(page.text, page.language_id as LanguageId)) {
      problems.push(`the ${page.language_id} ${page.key} page promises next-day delivery for everything: '${sentence}'`);
    }
    for (const [, address] of page.text.matchAll(/mailto:([^"]+)/g)) {
      if (address !== shop.email) problems.push(`the ${page.language_id} ${page.key} page names ${address}, not ${shop.email}`);
    }
  }
  const about = pages.find((p) => p.key === 'about' && p.language_id === 'en');
  if (!about?.text.includes(shop.name.en)) problems.push(`the English about page does not name the shop '${shop.name.en}'`);

  const categories = await db.query<{ language_id: LanguageId; description: string }>(
    'SELECT language_id, description FROM category_translations ORDER BY category_id, language_id',
  );
  const promisingCategories = categories.flatMap((c) => nextDayForEverything(c.description, c.language_id).slice(0, 1));
  if (promisingCategories.length) {
    problems.push(`${promisingCategories.length} category descriptions promise next-day delivery for everything, e.g. '${promisingCategories[0]}'`);
  }

  // The locale files hold both variants' texts, so both variants check all of them.
  for (const { file, languageId, messages } of localeFiles) {
    for (const [id, message] of Object.entries(messages)) {
      for (const sentence of nextDayForEverything(message, languageId)) {
        problems.push(`${file} ${id} promises next-day delivery for everything: '${sentence}'`);
      }
    }
  }

  const links = await db.query<{ menu_location_id: string; language_id: string; canonical_url: string }>(
    "SELECT menu_location_id, language_id, canonical_url FROM menu_items WHERE canonical_url LIKE 'mailto:%' OR canonical_url LIKE 'https://%' ORDER BY id",
  );
  const profiles = new Set(Object.values(shop.social));
  for (const link of links) {
    const mail = link.canonical_url.startsWith('mailto:');
    if (mail ? link.canonical_url !== `mailto:${shop.email}` : !profiles.has(link.canonical_url)) {
      problems.push(`the ${link.language_id} ${link.menu_location_id} menu links to ${link.canonical_url}`);
    }
  }
  return problems;
}
