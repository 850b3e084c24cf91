import type { ArtKind } from './art-kind';

/**
 * Simple flat drawings of what the shop sells, on a 248 × 248 canvas (the size of the shop's image placeholders).
 * The object fills the top; the title and the brand get bands of their own below it, so no title, however long,
 * can cover the brand line. Kept small: about 1 KB a picture (0.9 to 1.4 KB in the demo catalogs, half that gzipped).
 */
const CANVAS = 248;
/** The object is drawn above this line. */
const OBJECT_BOTTOM = 154;
/** Title lines (baseline plus descenders) stay between these. */
const TITLE_TOP = 162;
export const TITLE_BOTTOM = 220;
/** The brand line's baseline and size: its band starts at BRAND_BASELINE - BRAND_SIZE. */
export const BRAND_BASELINE = 240;
export const BRAND_SIZE = 13;
const TEXT_WIDTH = 216;
/** Average advance of a bold sans-serif glyph per pixel of font size; generous, as viewers' fonts differ. */
const BOLD_ADVANCE = 0.62;
const REGULAR_ADVANCE = 0.56;
const TITLE_SIZES = [18, 16, 14, 13] as const;
const LINE_HEIGHT = 1.2;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Cuts a line to `max` characters, ending in an ellipsis when anything was cut. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** Greedy word wrap; a word longer than a line is cut. Returns every line (the caller limits how many). */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= perLine) line = joined;
    else {
      if (line) lines.push(line);
      line = cut(word, perLine);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest title size whose wrapped lines fit the title band; at the smallest size the last line that
 * fits ends in an ellipsis.
 */
export function fitTitle(title: string): { size: number; lines: string[] } {
  const height = TITLE_BOTTOM - TITLE_TOP;
  let best = { size: TITLE_SIZES[TITLE_SIZES.length - 1] as number, lines: [] as string[] };
  for (const size of TITLE_SIZES) {
    const perLine = Math.floor(TEXT_WIDTH / (size * BOLD_ADVANCE));
    const maxLines = Math.floor(height / (size * LINE_HEIGHT));
    const lines = wrap(title, perLine);
    if (lines.length <= maxLines) return { size, lines };
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines[maxLines]}`, perLine - 1).replace(/…?$/, '…');
    best = { size, lines: kept };
  }
  return best;
}

/** Colour names the seed gives consoles and controllers (English parameter values). */
const NAMED_COLOURS: Readonly<Record<string, string>> = {
  Grey: '#a9a8b0', Black: '#34343c', Purple: '#6b4fa0', Green: '#3f8a5a', Silver: '#c4c7cf',
  Blue: '#3a6fb8', White: '#eeeef2', Yellow: '#f2c53d', Red: '#c8374b',
};

export interface ArtInput {
  readonly kind: ArtKind;
  /** Drives the colours, so each product keeps its own look. */
  readonly seed: string;
  readonly title?: string;
  readonly brand?: string | null;
  /** The product's colour parameter (English), for hardware. */
  readonly colour?: string | null;
}

interface Palette {
  hue: number;
  bg: string;
  main: string;
  dark: string;
  light: string;
  pop: string;
  body: string;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, stroke: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A zigzag edge from (x, y) to (x + width, y): the crimped top of a bag. */
function zigzag(x: number, y: number, width: number, teeth: number, depth: number): string {
  const step = width / teeth;
  let d = '';
  for (let i = 0; i < teeth; i++) d += `l${step / 2} ${-depth}l${step / 2} ${depth}`;
  return `M${x} ${y}${d}`;
}

const DRAW: Readonly<Record<ArtKind, (p: Palette) => string>> = {
  cartridge: (p) =>
    path('M72 18h104l12 14v116H60V32z', p.body) +
    rect(60, 136, 128, 12, p.dark) +
    line('M78 28h92M66 124v-16M182 124v-16', p.dark, 3) +
    rect(78, 42, 92, 78, p.main, 5) +
    circle(104, 72, 16, p.pop) +
    rect(124, 88, 36, 8, p.light, 4) +
    rect(124, 102, 24, 8, p.light, 4),
  disc: (p) =>
    circle(170, 86, 58, '#d6d9e2') +
    circle(170, 86, 20, '#b5bac6') +
    circle(170, 86, 7, p.bg) +
    rect(50, 18, 120, 134, '#22252e', 6) +
    rect(62, 26, 100, 118, p.main, 3) +
    circle(112, 70, 22, p.pop) +
    rect(74, 112, 76, 9, p.light, 4) +
    rect(50, 18, 8, 134, '#3b3f4b'),
  console: (p) =>
    rect(26, 64, 196, 80, p.body, 12) +
    rect(40, 48, 168, 36, p.light, 9) +
    rect(82, 56, 84, 12, p.dark, 3) +
    rect(44, 98, 28, 12, p.dark, 3) +
    rect(80, 98, 28, 12, p.dark, 3) +
    circle(122, 104, 4, '#e0443c') +
    rect(150, 118, 18, 14, p.dark, 3) +
    rect(178, 118, 18, 14, p.dark, 3) +
    line('M150 98h46', p.dark, 3),
  handheld: (p) =>
    path('M90 14h68a10 10 0 0 1 10 10v100a30 30 0 0 1-30 30H90a10 10 0 0 1-10-10V24a10 10 0 0 1 10-10z', p.body) +
    rect(90, 24, 68, 56, '#3c404c', 5) +
    rect(100, 31, 48, 42, '#a4c639') +
    path('M96 104h9v-9h8v9h9v8h-9v9h-8v-9h-9z', p.dark) +
    circle(140, 114, 7, p.pop) +
    circle(155, 104, 7, p.pop) +
    line('M106 138l8-4M120 138l8-4', p.dark, 3),
  controller: (p) =>
    line('M124 70c0-26 28-30 28-56', '#44454d', 4) +
    path('M62 70h124c24 0 36 20 36 40s-12 36-30 36c-13 0-21-10-29-22H85c-8 12-16 22-29 22-18 0-30-16-30-36s12-40 36-40z', p.body) +
    path('M54 98h9v-9h8v9h9v8h-9v9h-8v-9h-9z', p.dark) +
    circle(176, 94, 8, p.pop) +
    circle(194, 108, 8, p.pop) +
    circle(158, 108, 8, p.main) +
    circle(176, 122, 8, p.main) +
    rect(106, 100, 14, 6, p.dark, 3) +
    rect(128, 100, 14, 6, p.dark, 3),
  cable: (p) =>
    line('M52 40c0 50 40 60 70 50s56-10 56 26-34 36-60 30', p.main, 7) +
    rect(36, 16, 32, 28, '#3a3c44', 5) +
    rect(42, 8, 6, 10, '#c9b458') +
    rect(56, 8, 6, 10, '#c9b458') +
    rect(96, 128, 30, 20, '#3a3c44', 5) +
    rect(126, 133, 14, 10, p.pop, 2),
  adapter: (p) =>
    rect(40, 30, 96, 76, '#2e3039', 12) +
    rect(52, 44, 72, 30, p.main, 4) +
    line('M56 90h64', '#4a4d58', 3) +
    rect(136, 52, 14, 8, '#c9c9cf') +
    rect(136, 74, 14, 8, '#c9c9cf') +
    line('M88 106c0 30 50 30 80 26s30-20 30-40', '#2e3039', 6) +
    rect(188, 64, 20, 30, '#2e3039', 5) +
    rect(194, 52, 8, 14, p.pop),
  'memory-card': (p) =>
    path('M86 26h62l18 18v100a8 8 0 0 1-8 8H86a8 8 0 0 1-8-8V34a8 8 0 0 1 8-8z', p.body) +
    rect(90, 60, 64, 56, p.main, 4) +
    circle(122, 88, 14, p.pop) +
    rect(92, 34, 8, 16, p.dark) +
    rect(106, 34, 8, 16, p.dark) +
    rect(120, 34, 8, 16, p.dark) +
    rect(134, 34, 8, 16, p.dark),
  boxed: (p) =>
    path('M60 36l26-18h114l-26 18z', p.light) +
    path('M174 36l26-18v118l-26 18z', p.dark) +
    rect(60, 36, 114, 118, p.main) +
    rect(60, 36, 16, 118, p.dark) +
    circle(124, 86, 24, p.pop) +
    rect(90, 124, 70, 10, p.light, 5),
  bag: (p) =>
    path(`${zigzag(58, 30, 132, 12, 8)}v104q0 16-16 16H74q-16 0-16-16z`, p.main) +
    rect(58, 30, 132, 14, p.dark) +
    `<ellipse cx="124" cy="100" rx="42" ry="32" fill="${p.bg}"/>` +
    circle(108, 92, 10, p.pop) +
    circle(134, 88, 9, '#ffd23f') +
    circle(122, 112, 10, '#5cc48c') +
    circle(146, 108, 8, p.light),
  box: (p) =>
    rect(40, 72, 168, 78, p.main, 4) +
    rect(34, 54, 180, 26, p.dark, 4) +
    rect(72, 92, 104, 42, p.light, 8) +
    circle(98, 113, 9, p.pop) +
    circle(124, 113, 9, '#5a3422') +
    circle(150, 113, 9, '#ffd23f'),
  bar: (p) =>
    '<g transform="rotate(-14 124 90)">' +
    rect(150, 60, 64, 60, '#5a3422', 3) +
    line('M170 62v56M192 62v56M152 90h60', '#3f2216', 3) +
    path('M40 60h116v60H40l-12-6 8-6-8-6 8-6-8-6 8-6-8-6 8-6-8-6z', p.main) +
    rect(150, 58, 8, 64, '#d9dbe2') +
    rect(60, 72, 72, 36, p.light, 4) +
    circle(78, 90, 9, p.pop) +
    '</g>',
};

function paletteFor(seed: string, kind: ArtKind, colour: string | null | undefined): Palette {
  const h = hash(seed);
  const hue = h % 360;
  const pop = (hue + 150 + ((h >> 9) % 60)) % 360;
  return {
    hue,
    bg: `hsl(${hue} 45% 93%)`,
    main: `hsl(${hue} 62% 48%)`,
    dark: `hsl(${hue} 45% 28%)`,
    light: `hsl(${hue} 70% 82%)`,
    pop: `hsl(${pop} 78% 60%)`,
    // Hardware in its own colour; cartridges in the grey plastic they come in.
    body: (colour && NAMED_COLOURS[colour]) || (kind === 'cartridge' ? `hsl(${hue} 6% 64%)` : `hsl(${hue} 10% ${kind === 'memory-card' ? 30 : 70}%)`),
  };
}

/** The picture as an SVG document. Without a title it is the object alone (category tiles). */
export function drawArt({ kind, seed, title, brand, colour }: ArtInput): string {
  const p = paletteFor(seed, kind, colour);
  let text = '';
  if (title) {
    const { size, lines } = fitTitle(title);
    const lineHeight = Math.round(size * LINE_HEIGHT);
    const first = TITLE_TOP + size;
    text += `<g font-family="Ubuntu,Roboto,Arial,sans-serif" text-anchor="middle" fill="hsl(${p.hue} 50% 18%)" font-weight="700" font-size="${size}">`;
    text += lines.map((l, i) => `<text x="124" y="${first + i * lineHeight}">${escapeXml(l)}</text>`).join('');
    text += '</g>';
  }
  if (brand) {
    const perLine = Math.floor(TEXT_WIDTH / (BRAND_SIZE * REGULAR_ADVANCE));
    text += `<text x="124" y="${BRAND_BASELINE}" text-anchor="middle" font-family="Roboto,Arial,sans-serif" font-size="${BRAND_SIZE}" fill="hsl(${p.hue} 25% 34%)">${escapeXml(cut(brand, perLine))}</text>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS} ${CANVAS}" width="${CANVAS}" height="${CANVAS}" data-kind="${kind}">` +
    rect(0, 0, CANVAS, CANVAS, p.bg) +
    `<ellipse cx="124" cy="${OBJECT_BOTTOM - 2}" rx="84" ry="6" fill="hsl(${p.hue} 30% 84%)"/>` +
    DRAW[kind](p) +
    text +
    '</svg>'
  );
}
