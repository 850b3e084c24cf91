/**
 * A value as JSON that can stand inside an HTML <script> element: '<', '>' and '&' as \u escapes, so no
 * '</script>' or '<!--' in the data can end or change the element early, and U+2028/U+2029, which older
 * JavaScript parsers took for line ends. JSON.parse (or the script itself) gives the value back exactly. The same
 * characters react-router escapes in its hydration script.
 */
const SCRIPT_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** Escapes the characters above in a text that is already JSON. */
export function escapeForScript(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (match) => SCRIPT_ESCAPES[match]!);
}

export function scriptJson(value: unknown): string {
  return escapeForScript(JSON.stringify(value));
}
