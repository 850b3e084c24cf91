import { scriptJson } from '../../../shared/script-json';

/**
 * The mail layout's render script (GET /mail/render.js): it puts the mail's HTML, which the page carries as JSON
 * in #mail-html, into the preview frame (#mail-frame) as its srcdoc. The mail keeps its own document and styles,
 * apart from the page's, and the frame's sandbox (no allow-scripts) keeps anything in the mail from running. A
 * file of the shop's own origin, so the shop's Content-Security-Policy (script-src 'self') needs no exception.
 */
export const MAIL_RENDER_SCRIPT_PATH = '/mail/render.js';

export const MAIL_RENDER_SCRIPT = `(function () {
  var data = document.getElementById('mail-html');
  var frame = document.getElementById('mail-frame');
  if (!data || !frame) return;
  frame.srcdoc = JSON.parse(data.textContent || '""');
  frame.hidden = false;
})();
`;

/**
 * The mail's HTML as the JSON text of a script element that is never run (type application/json): every '<' is
 * escaped, so no '</script>' in a mail can end the element early, and JSON.parse gives the HTML back exactly.
 */
export function mailHtmlJson(html: string): string {
  return scriptJson(html);
}
