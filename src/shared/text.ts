/**
 * NUL and unpaired UTF-16 surrogates: PostgreSQL refuses the first in text and cannot encode the second in
 * UTF-8, so a string holding either can be neither stored nor searched for.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}
