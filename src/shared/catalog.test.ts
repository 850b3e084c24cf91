import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStructurallySame, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

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
