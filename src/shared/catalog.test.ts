import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStructurallySame, parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { channels, type LanguageId } from './locales';

const read = (file: string) => JSON.parse(readFileSync(join(process.cwd(), 'locales', file), 'utf8')) as Record<string, string>;

// The pages' texts go through react-intl, which reads <tags> as rich text; the server's are plain text.
const catalogs = [
  { name: 'pages (locales/*.json)', sv: read('sv.json'), en: read('en.json'), ignoreTag: false },
  { name: 'server (locales/server/*.json)', sv: read('server/sv.json'), en: read('server/en.json'), ignoreTag: true },
];

describe.each(catalogs)('the text catalog: $name', ({ sv, en, ignoreTag }) => {
  it('has the same keys in Swedish and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(sv).sort());
  });

  it('gives each text the same placeholders, plural and select arguments and tags in both languages', () => {
    const differences = Object.entries(sv).flatMap(([key, swedish]) => {
      const english = en[key];
      if (english === undefined) return [];
      const same = isStructurallySame(parse(swedish, { ignoreTag }), parse(english, { ignoreTag }));
      return same.success ? [] : [`${key}: ${same.error?.message}`];
    });
    expect(differences).toEqual([]);
  });
});

it('keeps the server texts apart from the pages: no key is in both catalogs', () => {
  const [pages, server] = catalogs;
  expect(Object.keys(server!.sv).filter((key) => key in pages!.sv)).toEqual([]);
});

it('says one of something in the singular: a pre-ordered cart line and a backordered order line', () => {
  const [pages] = catalogs;
  const say = (languageId: LanguageId, id: string, values: Record<string, string | number>) =>
    new IntlMessageFormat(pages![languageId][id]!, channels[languageId].iso).format(values);
  expect(say('sv', 'cart.preOrdered', { all: 'false', count: 1 })).toBe('1 st förbeställd: leveranstiden kan påverkas.');
  expect(say('sv', 'cart.preOrdered', { all: 'false', count: 2 })).toBe('2 st förbeställda: leveranstiden kan påverkas.');
  expect(say('sv', 'cart.preOrdered', { all: 'true', count: 2 })).toBe('Förbeställd: leveranstiden kan påverkas.');
  expect(say('en', 'cart.preOrdered', { all: 'false', count: 1 })).toBe('1 item pre-ordered: delivery time may be affected.');
  expect(say('en', 'cart.preOrdered', { all: 'false', count: 2 })).toBe('2 items pre-ordered: delivery time may be affected.');
  expect(say('sv', 'confirm.backordered', { count: 1 })).toBe('1 st skickas när den kommer in i lager');
  expect(say('sv', 'confirm.backordered', { count: 3 })).toBe('3 st skickas när de kommer in i lager');
  expect(say('en', 'confirm.backordered', { count: 1 })).toBe('1 ships when back in stock');
  expect(say('en', 'confirm.backordered', { count: 3 })).toBe('3 ship when back in stock');
});
