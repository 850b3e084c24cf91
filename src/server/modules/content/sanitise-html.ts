/**
 * The content pages' HTML allow-list: what staff write in a text widget is rebuilt from these tags alone, each
 * with no attribute but an anchor's href, so nothing they paste can run a script or style the shop's frame.
 */
const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'a']);
const VOID_TAGS = new Set(['br']);

/**
 * A link the shop may show: one of its own paths, https, mailto or tel. No `&` other than `&amp;`: a browser
 * decodes entities in attributes, and `/&#47;host` would become a link to another site.
 */
function safeHref(raw: string): string | null {
  const value = raw.trim();
  if (/[\s"'<>`\\]/.test(value) || /&(?!amp;)/.test(value)) return null;
  if (/^\/(?!\/)/.test(value) || /^(https:\/\/|mailto:|tel:)/i.test(value)) return value;
  return null;
}

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/;

export function sanitiseHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const end = lt === -1 ? html.length : lt;
    out += html.slice(i, end).replace(/>/g, '&gt;');
    if (lt === -1) break;
    const match = TAG.exec(html.slice(lt));
    if (!match) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = lt + match[0].length;
    const [, closing, rawName, attributes] = match;
    const name = rawName!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      // Only a tag that is open closes, and it closes whatever was left open inside it.
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    } else if (VOID_TAGS.has(name)) {
      out += `<${name}>`;
    } else if (name === 'a') {
      const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attributes ?? '');
      const safe = href ? safeHref(href[2] ?? href[3] ?? '') : null;
      out += safe ? `<a href="${safe}">` : '<a>';
      open.push(name);
    } else {
      out += `<${name}>`;
      open.push(name);
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
