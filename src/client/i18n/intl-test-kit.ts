import { parse } from '@formatjs/icu-messageformat-parser';
import en from '../../../locales/en.json';
import sv from '../../../locales/sv.json';
import type { Messages } from './messages';

/** Both catalogs as the pages get them (the build's compiledMessages): tests import the JSON, which is not compiled. */
const compile = (catalog: Record<string, string>) => Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, parse(text)])) as Messages;
export const catalogs = { sv: compile(sv), en: compile(en) };
