import { isLanguageId, type LanguageId } from '../../shared/locales';

/*
 * Checks for the text columns whose values the code narrows to a union (the stores map rows with them): a value
 * outside it means the data was written by something else, so it fails at the read, with the value, not later.
 */

export function unexpectedValue(what: string, value: unknown): never {
  throw new Error(`Unexpected ${what} from the database: ${JSON.stringify(value)}`);
}

/** One of the values listed, or the read fails. */
export function oneOf<T extends string>(what: string, values: readonly T[], value: string): T {
  return (values as readonly string[]).includes(value) ? (value as T) : unexpectedValue(what, value);
}

export const languageIdOf = (value: string): LanguageId => (isLanguageId(value) ? value : unexpectedValue('language', value));
