import type { Queryable } from '../db/client';

const FILE_PATTERN = /^p(\d{1,9})-(\d{1,2})\.svg$/;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  return out.slice(0, lines);
}

/**
 * Product pictures are drawn here from the product's own name and brand (a box-art style card), so the
 * shop needs no external image host and every seeded image file name resolves. Null when unknown.
 */
export async function productImageSvg(db: Queryable, file: string): Promise<string | null> {
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  const [product] = await db.query<{ name: string; brand: string | null; images: string[] | null }>(
    `SELECT pt.name, b.name AS brand, p.images FROM products p
     JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv'
     LEFT JOIN brands b ON b.brand_id = p.brand_id WHERE p.product_id = $1`,
    [Number(match[1])],
  );
  if (!product || !product.images?.includes(file)) return null;
  const h = hash(file);
  const hue = h % 360;
  const accent = (hue + 40 + ((h >> 9) % 80)) % 360;
  const variant = Number(match[2]);
  const lines = wrap(product.name, 16, 3);
  const text = lines
    .map((l, i) => `<text x="124" y="${150 + i * 22}" text-anchor="middle" font-size="18" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 248 248" width="248" height="248" role="img" aria-label="${escapeXml(product.name)}">
<rect width="248" height="248" fill="hsl(${hue} 45% ${variant > 1 ? 88 : 92}%)"/>
<rect x="34" y="20" width="180" height="208" rx="14" fill="hsl(${hue} 55% 38%)"/>
<rect x="46" y="32" width="156" height="86" rx="8" fill="hsl(${accent} 70% 62%)"/>
<circle cx="${70 + (h % 90)}" cy="${60 + ((h >> 5) % 40)}" r="${14 + (h % 16)}" fill="hsl(${(accent + 150) % 360} 80% 70%)" opacity="0.85"/>
<rect x="46" y="128" width="156" height="${lines.length * 22 + 14}" rx="6" fill="#fff" opacity="0.94"/>
<g font-family="Ubuntu, Roboto, Arial, sans-serif" fill="hsl(${hue} 50% 20%)">${text}</g>
<text x="124" y="214" text-anchor="middle" font-family="Roboto, Arial, sans-serif" font-size="13" fill="#fff">${escapeXml(product.brand ?? '')}</text>
</svg>`;
}
