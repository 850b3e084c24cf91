import type { ArtKind } from './art-kind';

/**
 * Flat drawings of what the shop sells, on a 248 × 248 canvas (the size of the shop's image placeholders), like
 * product photos on a plain background: each platform's cartridge in its own shape and plastic, CD games in a
 * jewel case and DVD-era games in a tall case, consoles and controllers as their platform's, candy in its bag,
 * jar, tin, box or wrapper. The product's name is printed where the real thing has it, on a label or cover whose
 * art (colours, a pattern and a motif for the genre or flavour) is derived from the product, so a grid of twelve
 * looks like twelve products. Kept small: about 2 KB a picture, a third of that gzipped.
 */
const CANVAS = 248;
/** Average advance of a bold sans-serif glyph per pixel of font size; generous, as viewers' fonts differ. */
export const BOLD_ADVANCE = 0.62;
const LINE_HEIGHT = 1.15;

export function hash(text: string): number {
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
 * The largest size (of `sizes`, largest first) whose wrapped lines fit a `width` × `height` box; at the smallest
 * size the last line that fits ends in an ellipsis.
 */
export function fitText(text: string, width: number, height: number, sizes: readonly number[]): { size: number; lines: string[] } {
  let best = { size: sizes[sizes.length - 1]!, lines: [] as string[] };
  for (const size of sizes) {
    const perLine = Math.max(1, Math.floor(width / (size * BOLD_ADVANCE)));
    const maxLines = Math.max(1, Math.floor(height / (size * LINE_HEIGHT)));
    const lines = wrap(text, perLine);
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

/** Candy wrappers in the colours of their flavour: [wrapper, accent]. */
const FLAVOUR_COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  sour: ['#7cc242', '#ffe14d'], sweet: ['#f27eb0', '#fff0f6'], fruit: ['#f5892a', '#ffe27a'], berry: ['#c8285a', '#ff9ac0'],
  salty: ['#2d2f36', '#f2f2f2'], licorice: ['#1f1f24', '#e0403a'], chocolate: ['#6b3d24', '#e9c48f'], mint: ['#2fb59b', '#e6fff8'],
  caramel: ['#c98a3a', '#fff0cc'], nut: ['#8a5a2b', '#f3dcb8'],
};

export interface ArtInput {
  readonly kind: ArtKind;
  /** Drives the cover's colours, pattern and layout, so each product keeps its own look. */
  readonly seed: string;
  /** Printed on the label or cover; without it the object alone (category tiles). */
  readonly title?: string;
  readonly brand?: string | null;
  /** The product's colour parameter (English), for hardware. */
  readonly colour?: string | null;
  /** The platform key the object is drawn for (art-kind.ts artDetails). */
  readonly platform?: string | null;
  /** A genre key (games) or flavour key (candy). */
  readonly motif?: string | null;
}

interface Palette {
  h: number;
  bits: number;
  /** Cover background, a darker and a lighter shade of it, and a contrasting colour for the motif. */
  main: string;
  dark: string;
  light: string;
  pop: string;
  ink: string;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const path = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
const line = (d: string, stroke: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
/** Evenly spaced grooves (ridges moulded into plastic), horizontal or vertical. */
function grooves(x: number, y: number, length: number, count: number, step: number, colour: string, vertical = false): string {
  let d = '';
  for (let i = 0; i < count; i++) d += vertical ? `M${x + i * step} ${y}v${length}` : `M${x} ${y + i * step}h${length}`;
  return line(d, colour, 2.5);
}
const text = (x: number, y: number, size: number, fill: string, words: string, weight = 700) =>
  `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(words)}</text>`;

/** Genre motifs (games) in a 40 × 40 box: the picture on the cover. */
const GENRE_MOTIFS: Readonly<Record<string, (p: Palette) => string>> = {
  platform: (p) => path('M0 32h40v8H0z', p.dark) + rect(6, 10, 8, 8, p.pop) + rect(26, 10, 8, 8, p.pop) + path('M17 20h6v12h-6z', p.ink),
  action: (p) => path('M20 0l5 12 13-3-8 11 8 11-13-3-5 12-5-12-13 3 8-11-8-11 13 3z', p.pop),
  adventure: (p) => circle(31, 8, 5, p.pop) + path('M0 40L14 14l8 10 6-8 12 24z', p.ink),
  rpg: (p) => path('M18 0h4l1 26h-6z', p.light) + rect(10, 26, 20, 4, p.pop) + rect(18, 30, 4, 10, p.ink),
  racing: (p) => path('M8 40L18 6h4l10 34z', p.ink) + line('M20 10v4M20 19v6M20 31v8', p.light, 2),
  sports: (p) => circle(20, 20, 17, '#fff') + path('M20 12l7 5-3 8h-8l-3-8z', p.ink),
  puzzle: (p) => path('M4 24h24v8h-8v8h-8v-8H4z', p.pop) + path('M16 0h8v16h8v8H16z', p.light),
  shooter: (p) => path('M20 4l11 28-11-6-11 6z', p.light) + line('M12 0v-6M28 0v-6', p.pop, 2.5),
  fighting: (p) => path('M24 0L7 23h11l-5 17 20-25H22z', p.pop),
  strategy: (p) => path('M4 40V16h6v5h5v-5h10v5h5v-5h6v24z', p.ink) + path('M17 40v-9a3 3 0 0 1 6 0v9z', p.pop),
  arcade: (p) => path('M8 8h4v4h16V8h4v4h4v16h-4v-4h-4v4H12v-4H8v4H4V12h4zm6 8v4h4v-4zm8 0v4h4v-4z', p.pop),
  horror: (p) => circle(30, 8, 7, '#f4eec0') + path('M10 40V20a10 10 0 0 1 20 0v20l-4-4-3 4-3-4-3 4-3-4z', '#eef') + rect(14, 18, 3, 5, p.ink) + rect(23, 18, 3, 5, p.ink),
  simulation: (p) => path('M20 2l3 14 15 8v3l-15-4-1 10 5 3v2l-7-2-7 2v-2l5-3-1-10-15 4v-3l15-8z', p.light),
  party: (p) => line('M12 22l6 18M28 20l-8 20', p.ink, 1.5) + circle(12, 13, 9, p.pop) + circle(28, 11, 9, p.light),
  music: (p) => path('M14 8l18-6v24a5 5 0 1 1-3-4.6V10L17 14v16a5 5 0 1 1-3-4.6z', p.pop),
};
const MOTIF_KEYS = Object.keys(GENRE_MOTIFS);

/** Background patterns of a cover or wrapper, drawn over its main colour in the box (x, y, w, h). */
function pattern(kind: number, x: number, y: number, w: number, h: number, p: Palette): string {
  switch (kind % 6) {
    case 0: {
      // Rays from the motif's centre.
      const cx = x + w / 2;
      const cy = y + h * 0.62;
      let d = '';
      for (let i = 0; i < 12; i += 2) {
        const a = (i * Math.PI) / 6;
        const b = ((i + 1) * Math.PI) / 6;
        const r = w + h;
        d += `M${cx} ${cy}L${Math.round(cx + r * Math.cos(a))} ${Math.round(cy + r * Math.sin(a))}L${Math.round(cx + r * Math.cos(b))} ${Math.round(cy + r * Math.sin(b))}z`;
      }
      return path(d, p.dark);
    }
    case 1:
      return `<pattern id="s" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">${rect(0, 0, 6, 14, p.dark)}</pattern>${rect(x, y, w, h, 'url(#s)')}`;
    case 2:
      return `<pattern id="s" width="12" height="12" patternUnits="userSpaceOnUse">${circle(6, 6, 2.5, p.light)}</pattern>${rect(x, y, w, h, 'url(#s)')}`;
    case 3: {
      // A retro horizon: sky above, a perspective grid below.
      const top = Math.round(y + h * 0.55);
      let d = '';
      for (let i = -3; i <= 3; i++) d += `M${x + w / 2 + i * 6} ${top}L${Math.round(x + w / 2 + i * w * 0.4)} ${y + h}`;
      for (const f of [0.1, 0.25, 0.5]) d += `M${x} ${Math.round(top + (y + h - top) * f)}h${w}`;
      return rect(x, top, w, y + h - top, p.dark) + line(d, p.pop, 1.2);
    }
    case 4:
      return `<pattern id="s" width="20" height="20" patternUnits="userSpaceOnUse">${rect(0, 0, 10, 10, p.dark)}${rect(10, 10, 10, 10, p.dark)}</pattern>${rect(x, y, w, h, 'url(#s)')}`;
    default: {
      const base = Math.round(y + h * 0.72);
      return path(`M${x} ${y + h}V${base}l${w * 0.25} -${h * 0.3} ${w * 0.2} ${h * 0.16} ${w * 0.25} -${h * 0.28} ${w * 0.3} ${h * 0.34}V${y + h}z`, p.dark);
    }
  }
}

/**
 * The cover or label: its art and the title in a band of its own (where box art has its logo), at the top or the
 * bottom, dark or light, so covers side by side differ in layout too.
 */
function cover(x: number, y: number, w: number, h: number, p: Palette, input: ArtInput, bandColour?: string): string {
  const motifs = GENRE_MOTIFS[input.motif ?? ''] ?? GENRE_MOTIFS[MOTIF_KEYS[p.bits % MOTIF_KEYS.length]!]!;
  const layout = (p.bits >>> 20) % 4;
  const band = input.title ? Math.round(h * 0.34) : 0;
  const bottom = layout === 3;
  const artTop = bottom ? y : y + band;
  const artHeight = h - band;
  const s = Math.min(w, artHeight * 1.25) / 58;
  let out = `<clipPath id="c">${rect(x, y, w, h, '#000')}</clipPath><g clip-path="url(#c)">${rect(x, y, w, h, p.main)}${pattern(p.bits >>> 4, x, y, w, h, p)}`;
  const mx = Math.round(x + w / 2 - 20 * s);
  const my = Math.round(artTop + artHeight / 2 - 18 * s);
  out += `<g transform="translate(${mx} ${my}) scale(${s.toFixed(2)})">${motifs(p)}</g>`;
  if (input.title) {
    const { size, lines } = fitText(input.title, w - 8, band - 6, [15, 12, 10, 8, 7]);
    const lh = Math.round(size * LINE_HEIGHT);
    const top = bottom ? y + h - band : y;
    const first = top + (band - lh * lines.length) / 2 + size * 0.85;
    const light = layout === 2 && !bandColour;
    out += rect(x, top, w, band, bandColour ?? (light ? '#f6f4ee' : p.ink));
    out += `<g font-size="${size}" font-weight="700" fill="${light ? p.ink : '#fff'}" text-anchor="middle">`;
    out += lines.map((l, i) => `<text x="${x + w / 2}" y="${Math.round(first + i * lh)}">${escapeXml(l)}</text>`).join('');
    out += '</g>';
  }
  return `${out}</g>`;
}

/** Cartridge bodies by platform: the plastic's colour, its outline, where the label sits and its grip. */
interface CartShape {
  body: string;
  ridge: string;
  outline: string;
  label: readonly [number, number, number, number];
  grip: string;
  band?: string;
}
const GREY = '#a9a8ae';
const BLACK = '#26262b';
const CARTS: Readonly<Record<string, CartShape>> = {
  nes: { body: GREY, ridge: '#86858c', outline: 'M36 26h176v196H36z', label: [50, 38, 148, 126], grip: grooves(52, 176, 144, 6, 8, '#86858c'), band: '#111' },
  snes: { body: '#bdbcc3', ridge: '#8e8d94', outline: 'M22 70q0-20 20-20h164q20 0 20 20v136H22z', label: [42, 88, 164, 108], grip: grooves(40, 58, 20, 22, 8, '#8e8d94', true) },
  n64: { body: '#4c4c53', ridge: '#38383e', outline: 'M24 82q0-24 24-24h152q24 0 24 24v94l-8 8v8H32v-8l-8-8z', label: [40, 92, 168, 92], grip: grooves(52, 64, 18, 19, 8, '#38383e', true) },
  gb: { body: GREY, ridge: '#86858c', outline: 'M54 40h122l18 18v150H54z', label: [68, 80, 112, 112], grip: grooves(64, 48, 100, 3, 7, '#86858c') },
  gbc: { body: BLACK, ridge: '#45454c', outline: 'M54 40h122l18 18v150H54z', label: [68, 80, 112, 112], grip: grooves(64, 48, 100, 3, 7, '#45454c') },
  gba: { body: '#8f8e96', ridge: '#74737a', outline: 'M30 66h188v118q0 10-10 10H40q-10 0-10-10z', label: [42, 76, 164, 90], grip: grooves(96, 174, 56, 2, 7, '#74737a') },
  'mega-drive': { body: BLACK, ridge: '#3d3d44', outline: 'M44 34q0-12 12-12h136q12 0 12 12v190H44z', label: [56, 34, 136, 140], grip: grooves(58, 186, 132, 5, 8, '#3d3d44') },
  'master-system': { body: BLACK, ridge: '#3d3d44', outline: 'M50 22h148v204H50z', label: [60, 34, 128, 140], grip: grooves(62, 188, 124, 4, 9, '#3d3d44'), band: '#fff' },
  'game-gear': { body: BLACK, ridge: '#3d3d44', outline: 'M64 40h120v150q0 18-18 18H82q-18 0-18-18z', label: [74, 52, 100, 104], grip: grooves(84, 170, 80, 3, 8, '#3d3d44') },
  'atari-2600': { body: BLACK, ridge: '#3d3d44', outline: 'M30 56h188v150H30z', label: [44, 100, 160, 96], grip: grooves(44, 66, 160, 4, 8, '#3d3d44') },
  'atari-7800': { body: BLACK, ridge: '#3d3d44', outline: 'M30 56h188v150H30z', label: [44, 100, 160, 96], grip: grooves(44, 66, 160, 4, 8, '#3d3d44') },
};

function cartridge(p: Palette, input: ArtInput): string {
  const c = CARTS[input.platform ?? ''] ?? CARTS.nes!;
  const [x, y, w, h] = c.label;
  // The Master System's white grid label: a band above the art, like the console's own box design.
  const band = c.band === '#fff' ? rect(x, y - 4, w, 14, '#f2f2f2') + grooves(x, y - 4, 14, Math.floor(w / 8), 8, '#c9c9cf', true) : '';
  return path(c.outline, c.body) + c.grip + rect(x - 3, y - 3, w + 6, h + 6, c.ridge, 3) + band +
    cover(x, y + (band ? 12 : 0), w, h - (band ? 12 : 0), p, input, c.band === '#111' ? '#111' : undefined);
}

/** Disc cases: a square jewel case (CD) or a tall DVD-style case, with the platform's band on the cover. */
const DISC_BANDS: Readonly<Record<string, { case: 'jewel' | 'dvd'; band: string; mark: string }>> = {
  playstation: { case: 'jewel', band: '#111', mark: 'PlayStation' },
  saturn: { case: 'jewel', band: '#1b1b1f', mark: 'SEGA SATURN' },
  dreamcast: { case: 'jewel', band: '#1d5fb4', mark: 'Dreamcast' },
  'playstation-2': { case: 'dvd', band: '#0b1640', mark: 'PlayStation 2' },
  gamecube: { case: 'dvd', band: '#4b3f8f', mark: 'GAMECUBE' },
};

function disc(p: Palette, input: ArtInput): string {
  const d = DISC_BANDS[input.platform ?? ''] ?? DISC_BANDS.playstation!;
  if (d.case === 'jewel') {
    return rect(22, 34, 204, 180, '#8f949e', 4) + rect(22, 34, 204, 180, '#dfe3ea', 4) + rect(22, 34, 12, 180, '#5a5e68') +
      rect(36, 52, 186, 158, p.dark) + rect(36, 38, 186, 14, d.band) + text(129, 49, 10, '#fff', d.mark) +
      cover(36, 52, 186, 158, p, input) + line('M200 40l18 18', 'rgba(255,255,255,.6)', 3);
  }
  return rect(46, 14, 156, 222, '#1c1d22', 8) + rect(54, 22, 140, 206, p.dark) + rect(54, 22, 140, 18, d.band) +
    text(124, 35, 10, '#fff', d.mark) + cover(54, 40, 140, 188, p, input) + rect(46, 14, 6, 222, '#2d2f36');
}

/** The second picture of a game sold complete in box, and the retail box of accessories. */
function boxed(p: Palette, input: ArtInput): string {
  const d = DISC_BANDS[input.platform ?? ''];
  const band = d?.band ?? (input.platform?.startsWith('n') || input.platform?.startsWith('g') ? '#d0262d' : '#111');
  return path('M42 34l22-16h148l-22 16z', p.light) + path('M190 34l22-16v196l-22 16z', p.dark) +
    rect(42, 34, 148, 196, p.main) + rect(42, 34, 148, 20, band) + cover(42, 54, 148, 176, p, input);
}

const BUTTON = '#c8374b';

function consoleArt(p: Palette, input: ArtInput): string {
  const body = (input.colour && NAMED_COLOURS[input.colour]) || null;
  switch (input.platform) {
    case 'nes':
      return rect(20, 66, 208, 120, body ?? '#b8b7bd', 6) + rect(20, 140, 208, 46, '#2a2a2e', 4) + rect(20, 96, 208, 8, '#8a8990') +
        rect(60, 78, 128, 52, '#9c9ba2', 3) + grooves(66, 84, 116, 5, 9, '#86858c') + rect(34, 152, 40, 12, '#c9c8cf', 2) +
        rect(82, 152, 40, 12, '#c9c8cf', 2) + rect(150, 154, 22, 18, '#9c9ba2') + rect(182, 154, 22, 18, '#9c9ba2') + circle(40, 176, 3, BUTTON);
    case 'atari-2600':
    case 'atari-7800':
      // The Atari's black body with its wooden front.
      return path('M24 110l20-40h160l20 40v70H24z', body ?? '#1f1f23') + rect(24, 140, 200, 40, '#8a5a2b') +
        grooves(40, 150, 168, 3, 9, '#6b441f') + rect(70, 84, 108, 20, '#101013', 3) + rect(40, 112, 14, 20, '#c9c8cf', 2) + rect(194, 112, 14, 20, '#c9c8cf', 2);
    case 'n64':
      return path('M14 120q10-50 56-50h108q46 0 56 50l-10 50q-4 14-20 14H44q-16 0-20-14z', body ?? '#2e2e34') +
        path('M84 82h80l10 40H74z', '#1d1d22') + rect(96, 92, 56, 10, '#0e0e11', 3) +
        rect(50, 162, 24, 14, '#15151a', 3) + rect(92, 162, 24, 14, '#15151a', 3) + rect(132, 162, 24, 14, '#15151a', 3) + rect(174, 162, 24, 14, '#15151a', 3) + circle(124, 140, 7, '#d23a3a');
    case 'gamecube':
      return path('M62 88l40-26h106l-40 26z', '#7d6fc4') + path('M168 88l40-26v112l-40 26z', '#3f3579') + rect(62, 88, 106, 112, body ?? '#5b4ea6', 4) +
        line('M86 76q40-30 96-14', '#2e2760', 8) + circle(115, 144, 26, '#3f3579') + circle(115, 144, 10, '#5b4ea6') + rect(74, 186, 20, 8, '#2e2760') + rect(136, 186, 20, 8, '#2e2760');
    case 'mega-drive':
    case 'master-system':
      return rect(18, 90, 212, 92, body ?? '#222227', 16) + circle(124, 118, 46, '#2f2f35') + circle(124, 118, 36, '#1a1a1e') +
        rect(92, 112, 64, 10, '#0b0b0e', 3) + text(124, 150, 9, '#e0e0e6', '16-BIT') + rect(36, 108, 36, 8, '#3a3a41', 4) +
        rect(180, 108, 30, 8, BUTTON, 4);
    case 'saturn':
    case 'dreamcast':
    case 'playstation': {
      const shell = body ?? (input.platform === 'dreamcast' ? '#eeeef2' : input.platform === 'saturn' ? '#2b2b31' : '#c4c3c9');
      const lid = input.platform === 'dreamcast' ? '#dcdce2' : input.platform === 'saturn' ? '#1f1f24' : '#b3b2b9';
      const mark = input.platform === 'dreamcast' ? circle(124, 112, 12, '#f27b21') + circle(126, 110, 7, lid) : circle(124, 112, 4, '#8b8a92');
      return rect(22, 66, 204, 130, shell, 14) + circle(124, 112, 40, lid) + mark +
        rect(40, 168, 40, 14, lid, 5) + rect(168, 168, 40, 14, lid, 5) + circle(196, 84, 7, BUTTON) + circle(176, 84, 7, '#7f7e86');
    }
    case 'playstation-2':
      return path('M30 150l60-80h128l-60 80z', body ?? '#26272d') + path('M30 150h128v26H30z', '#1b1c21') + path('M158 150l60-80v26l-60 80z', '#111216') +
        grooves(40, 156, 112, 3, 7, '#34353c') + path('M104 84h72l-36 48H68z', '#1e1f25') + circle(140, 163, 3, '#2c6fd0');
    default:
      // The SNES (and the console everyone recognises, for the consoles category).
      return path('M16 110q0-34 30-34h156q30 0 30 34v40q0 34-30 34H46q-30 0-30-34z', body ?? '#c9c8cf') +
        rect(70, 66, 108, 56, '#b1b0b8', 10) + rect(84, 84, 80, 12, '#3b3b42', 3) + rect(40, 150, 22, 10, '#7f7e86', 3) +
        rect(186, 150, 22, 10, '#7f7e86', 3) + circle(110, 160, 5, BUTTON) + circle(124, 160, 5, '#f2c53d') + circle(138, 160, 5, '#3f8a5a') + circle(152, 160, 5, '#3a6fb8');
  }
}

function handheld(p: Palette, input: ArtInput): string {
  const body = (input.colour && NAMED_COLOURS[input.colour]) || null;
  switch (input.platform) {
    case 'gba':
      return path('M20 84q0-20 30-20h148q30 0 30 20v70q0 26-30 26H50q-30 0-30-26z', body ?? '#4e3f9e') + rect(78, 72, 92, 72, '#25252b', 8) +
        rect(88, 82, 72, 52, '#a4c639') + path('M34 112h10v-10h8v10h10v8H52v10h-8v-10H34z', '#25252b') + circle(192, 106, 8, '#c9c8cf') + circle(208, 122, 8, '#c9c8cf');
    case 'game-gear':
      return path('M10 100q0-28 40-28h148q40 0 40 28v48q0 34-40 34H50q-40 0-40-34z', body ?? '#26262b') + rect(74, 80, 100, 88, '#3a3a41', 6) +
        rect(86, 92, 76, 64, '#7ab6e0') + path('M26 120h10v-10h8v10h10v8H44v10h-8v-10H26z', '#111') + circle(200, 118, 8, '#3a6fb8') + circle(218, 132, 8, '#3a6fb8');
    default: {
      // The original Game Boy and the Game Boy Color (smaller, in its colour).
      const colour = input.platform === 'gbc';
      return path('M74 18h100q10 0 10 10v168q0 26-40 26H74q-10 0-10-10V28q0-10 10-10z', body ?? (colour ? '#6b4fa0' : '#c9c8c2')) +
        rect(78, 32, 92, 78, colour ? '#25252b' : '#6f6f7a', 8) + rect(92, 44, 64, 56, colour ? '#8fbf6a' : '#9bbc0f') +
        path('M80 146h12v-12h10v12h12v10h-12v12H92v-12H80z', '#25252b') + circle(150, 150, 9, colour ? '#25252b' : '#9a2257') +
        circle(168, 138, 9, colour ? '#25252b' : '#9a2257') + line('M128 196l10-6M142 196l10-6', '#8a8990', 4);
    }
  }
}

function controller(p: Palette, input: ArtInput): string {
  const body = (input.colour && NAMED_COLOURS[input.colour]) || null;
  const cord = line('M124 76c0-30 30-34 30-66', '#3b3b42', 4);
  const dpad = (x: number, y: number, fill: string) => path(`M${x} ${y}h10v-10h10v10h10v10H${x + 20}v10H${x + 10}V${y + 10}H${x}z`, fill);
  switch (input.platform) {
    case 'nes':
    case 'master-system':
      return cord + rect(20, 76, 208, 96, body ?? (input.platform === 'nes' ? '#c9c8cf' : '#26262b'), 6) +
        rect(30, 90, 188, 70, input.platform === 'nes' ? '#26262b' : '#3a3a41', 4) + dpad(42, 114, '#111') +
        rect(98, 122, 18, 7, '#8a8990', 3) + rect(122, 122, 18, 7, '#8a8990', 3) + circle(168, 128, 11, BUTTON) + circle(198, 128, 11, BUTTON);
    case 'n64':
      return cord + path('M40 80h168q20 0 20 24l-4 30q-4 16-20 16l-20 6-6 52q-2 10-12 10t-12-10l-4-44h-52l-4 44q-2 10-12 10t-12-10l-6-52-20-6q-16 0-20-16l-4-30q0-24 20-24z', body ?? '#a9a8b0') +
        dpad(44, 104, '#26262b') + circle(124, 150, 12, '#5d5d63') + circle(124, 150, 6, '#3b3b42') + circle(178, 116, 9, '#3a6fb8') + circle(196, 132, 9, '#3f8a5a') +
        circle(206, 104, 6, '#f2c53d') + circle(190, 96, 6, '#f2c53d');
    case 'gamecube':
      return cord + path('M54 92q20-18 70-12 50-6 70 12 30 30 30 74 0 28-24 28-18 0-26-30l-10-20H84l-10 20q-8 30-26 30-24 0-24-28 0-44 30-74z', body ?? '#5b4ea6') +
        circle(72, 118, 15, '#8f86c6') + circle(72, 118, 9, '#a9a8b0') + circle(176, 122, 15, '#3f9a4a') + circle(200, 104, 8, BUTTON) + circle(156, 140, 12, '#f2c53d') + dpad(94, 140, '#3f3579');
    case 'mega-drive':
    case 'saturn':
      return cord + path('M40 96q84-40 168 0 28 16 18 50-8 26-40 26-20 0-34-18H96q-14 18-34 18-32 0-40-26-10-34 18-50z', body ?? '#26262b') +
        circle(64, 126, 22, '#3a3a41') + dpad(44, 122, '#111') + circle(160, 130, 9, '#7f7e86') + circle(180, 122, 9, '#7f7e86') + circle(200, 114, 9, '#7f7e86') + rect(112, 118, 22, 7, '#4a4a52', 3);
    case 'dreamcast':
      return cord + path('M44 74h160q22 0 22 30v40q0 44-28 44-16 0-22-20h-92q-6 20-22 20-28 0-28-44v-40q0-30 22-30z', body ?? '#eeeef2') +
        rect(98, 84, 52, 64, '#26262b', 6) + circle(60, 160, 10, '#cfcfd6') + dpad(46, 104, '#8a8990') + circle(178, 102, 7, '#c8374b') + circle(194, 116, 7, '#3a6fb8') + circle(178, 130, 7, '#3f8a5a') + circle(162, 116, 7, '#f2c53d');
    case 'playstation':
    case 'playstation-2':
      return cord + path('M50 80h148q24 0 28 30l8 64q2 24-18 24-16 0-26-26l-8-14H66l-8 14q-10 26-26 26-20 0-18-24l8-64q4-30 28-30z', body ?? (input.platform === 'playstation' ? '#b9b8bf' : '#26272d')) +
        dpad(44, 104, '#5d5d63') + circle(96, 150, 13, '#3b3b42') + circle(152, 150, 13, '#3b3b42') +
        // The face buttons' outlined symbols, in their colours.
        line('M181 98a7 7 0 1 0 14 0a7 7 0 1 0-14 0', '#3f8a5a', 2.5) + line('M197 114a7 7 0 1 0 14 0a7 7 0 1 0-14 0', '#c8374b', 2.5) +
        line('M165 114a7 7 0 1 0 14 0a7 7 0 1 0-14 0', '#c45fa0', 2.5) + line('M181 130a7 7 0 1 0 14 0a7 7 0 1 0-14 0', '#3a6fb8', 2.5);
    case 'atari-2600':
    case 'atari-7800':
      return cord + rect(66, 130, 116, 80, body ?? '#1f1f23', 8) + line('M124 150V70', '#26262b', 12) + circle(124, 66, 14, '#26262b') + circle(88, 150, 10, BUTTON);
    default:
      // The SNES pad (and the accessory everyone recognises, for the accessories category).
      return cord + path('M66 80h116c30 0 46 26 46 52s-18 48-42 48c-16 0-26-12-34-24H96c-8 12-18 24-34 24-24 0-42-22-42-48s16-52 46-52z', body ?? '#c9c8cf') +
        dpad(44, 118, '#3b3b42') + rect(102, 128, 16, 7, '#8a8990', 3) + rect(128, 128, 16, 7, '#8a8990', 3) +
        circle(184, 110, 10, '#3a6fb8') + circle(206, 128, 10, BUTTON) + circle(162, 128, 10, '#3f8a5a') + circle(184, 146, 10, '#f2c53d');
  }
}

const memoryCard = (p: Palette, input: ArtInput) =>
  path('M76 30h78l20 20v156q0 10-10 10H76q-10 0-10-10V40q0-10 10-10z', input.platform === 'dreamcast' ? '#eeeef2' : '#a9a8b0') +
  (input.platform === 'dreamcast'
    ? rect(86, 52, 76, 60, '#26262b', 6) + rect(94, 60, 60, 44, '#9bbc0f') + circle(100, 150, 12, '#8a8990') + circle(150, 150, 8, '#8a8990')
    : cover(80, 60, 88, 120, p, { ...input, title: undefined }) + grooves(86, 40, 12, 8, 9, '#7f7e86', true) + (input.title ? text(124, 202, 11, '#3b3b42', input.platform === 'n64' ? 'Controller Pak' : 'MEMORY CARD') : ''));

const cable = (p: Palette) =>
  line('M52 60c0 60 40 70 70 60s60-10 60 30-34 40-64 34', '#2e2f36', 8) + rect(30, 30, 44, 36, '#3a3c44', 6) +
  rect(38, 16, 8, 14, '#c9b458') + rect(56, 16, 8, 14, '#c9b458') + rect(96, 170, 36, 26, '#3a3c44', 6) + rect(132, 176, 16, 14, p.pop, 3);

const adapter = (p: Palette) =>
  rect(34, 50, 116, 92, '#2e3039', 14) + rect(48, 66, 88, 36, '#3b3e48', 5) + text(92, 89, 10, '#c9c9cf', '9V DC') +
  rect(150, 76, 18, 10, '#c9c9cf') + rect(150, 104, 18, 10, '#c9c9cf') + line('M92 142c0 40 60 40 94 34s30-28 30-56', '#2e3039', 7) +
  rect(204, 96, 24, 34, '#2e3039', 6) + rect(210, 82, 12, 16, p.pop);

/** Candy: the wrapper in the flavour's colours, with the product's own pattern, window and name. */
function candyPalette(p: Palette, motif: string | null | undefined): Palette {
  const colours = FLAVOUR_COLOURS[motif ?? ''];
  return colours ? { ...p, main: colours[0], light: colours[1] } : p;
}
/** Sweets seen through a window or heaped in a jar, in varied colours. */
function pieces(x: number, y: number, w: number, h: number, p: Palette, count: number): string {
  const colours = [p.pop, p.light, '#ffd23f', '#5cc48c', '#e8486b', '#7a4ad0'];
  let out = '';
  for (let i = 0; i < count; i++) {
    const bits = hash(`${p.bits}:${i}`);
    out += circle(Math.round(x + (bits % w)), Math.round(y + ((bits >>> 8) % h)), 7 + ((bits >>> 16) % 5), colours[(bits >>> 20) % colours.length]!);
  }
  return out;
}
function label(x: number, y: number, w: number, h: number, p: Palette, input: ArtInput, fill = '#fff', ink = p.ink): string {
  if (!input.title) return rect(x, y, w, h, fill, 6);
  const { size, lines } = fitText(input.title, w - 10, h - 6, [15, 13, 11, 9, 8]);
  const lh = Math.round(size * LINE_HEIGHT);
  const first = y + (h - lh * lines.length) / 2 + size * 0.85;
  return rect(x, y, w, h, fill, 6) + `<g font-size="${size}" font-weight="700" fill="${ink}" text-anchor="middle">` +
    lines.map((l, i) => `<text x="${x + w / 2}" y="${Math.round(first + i * lh)}">${escapeXml(l)}</text>`).join('') + '</g>';
}
function zigzag(x: number, y: number, width: number, teeth: number, depth: number): string {
  const step = width / teeth;
  let d = '';
  for (let i = 0; i < teeth; i++) d += `l${step / 2} ${-depth}l${step / 2} ${depth}`;
  return `M${x} ${y}${d}`;
}
function wrapper(x: number, y: number, w: number, h: number, p: Palette): string {
  return `<clipPath id="c">${rect(x, y, w, h, '#000')}</clipPath><g clip-path="url(#c)">${rect(x, y, w, h, p.main)}${pattern(p.bits >>> 4, x, y, w, h, { ...p, dark: 'rgba(0,0,0,.12)', light: 'rgba(255,255,255,.35)' })}</g>`;
}

const CANDY: Readonly<Record<'bag' | 'jar' | 'box' | 'tin' | 'bar' | 'lollipop' | 'basket', (p: Palette, input: ArtInput) => string>> = {
  bag: (p, input) =>
    wrapper(48, 26, 152, 196, p) + path(`${zigzag(48, 30, 152, 14, 8)}v-6H48z`, '#f4f4f6') + path(`${zigzag(48, 222, 152, 14, 8)}v6H48z`, '#f4f4f6') +
    `<ellipse cx="124" cy="170" rx="54" ry="34" fill="rgba(255,255,255,.85)"/>` + pieces(84, 152, 80, 36, p, 7) + label(58, 50, 132, 62, p, input),
  jar: (p, input) =>
    rect(70, 20, 108, 24, p.main, 6) + rect(64, 40, 120, 10, p.dark, 3) + path('M58 60q0-10 14-10h104q14 0 14 10v144q0 20-20 20H78q-20 0-20-20z', '#e6eef5') +
    pieces(74, 74, 100, 136, p, 22) + path('M66 64h8v140h-8z', 'rgba(255,255,255,.7)') + label(70, 118, 108, 54, p, input, p.main, '#fff'),
  box: (p, input) =>
    path('M24 98l30-30h170l-30 30z', p.light) + path('M194 98l30-30v110l-30 30z', p.dark) + wrapper(24, 98, 170, 110, p) +
    rect(98, 98, 18, 110, '#e9c46a') + path('M107 98c-30-30-50-10-30 0zM107 98c30-30 50-10 30 0z', '#e9c46a') + label(36, 128, 146, 50, p, input),
  tin: (p, input) =>
    `<ellipse cx="124" cy="150" rx="96" ry="66" fill="${p.dark}"/><ellipse cx="124" cy="136" rx="96" ry="66" fill="${p.main}"/>` +
    `<ellipse cx="124" cy="136" rx="80" ry="52" fill="${p.light}"/>` + label(58, 112, 132, 48, p, input, p.main, '#fff'),
  bar: (p, input) =>
    '<g transform="rotate(-12 124 124)">' + rect(170, 78, 58, 84, '#5a3422', 3) + line('M190 80v80M208 80v80M172 120h54', '#3f2216', 3) +
    wrapper(20, 78, 160, 84, p) + rect(166, 74, 10, 92, '#d9dbe2') + label(34, 92, 120, 56, p, input) + '</g>',
  lollipop: (p, input) =>
    line('M124 150v82', '#f4f4f6', 7) + line('M124 150v82', '#d9d9de', 2) + circle(124, 100, 74, p.main) +
    line('M124 100m-10 0a10 10 0 1 1 20 0a20 20 0 1 1-40 0a30 30 0 1 1 60 0a40 40 0 1 1-80 0a50 50 0 1 1 100 0', p.light, 9) +
    (input.title ? label(66, 138, 116, 40, p, input) : ''),
  basket: (p, input) =>
    line('M44 124q80-130 160 0', '#a0692e', 10) + '<g transform="rotate(-10 96 90)">' + wrapper(66, 44, 56, 84, p) + path(`${zigzag(66, 48, 56, 6, 5)}v-4H66z`, '#f4f4f6') + '</g>' +
    rect(128, 50, 40, 80, p.pop, 4) + rect(128, 70, 40, 14, '#fff') + circle(184, 104, 22, p.light) + circle(184, 104, 9, p.main) +
    path('M28 120h192l-20 100H48z', '#b77b3a') + grooves(40, 136, 166, 4, 20, '#8e5a26') + label(60, 150, 128, 46, p, input),
};

function paletteFor(seed: string): Palette {
  const bits = hash(seed);
  const h = bits % 360;
  const pop = (h + 150 + ((bits >>> 9) % 60)) % 360;
  const dark = (bits >>> 12) % 3 === 0;
  return {
    h,
    bits,
    main: dark ? `hsl(${h} 55% 24%)` : `hsl(${h} 62% 50%)`,
    dark: dark ? `hsl(${h} 55% 16%)` : `hsl(${h} 58% 40%)`,
    light: `hsl(${(h + 30) % 360} 80% 80%)`,
    pop: `hsl(${pop} 85% 58%)`,
    ink: `hsl(${h} 45% 14%)`,
  };
}

/** The picture as an SVG document. Without a title it is the object alone (category tiles). */
export function drawArt(input: ArtInput): string {
  let p = paletteFor(input.seed);
  const { kind } = input;
  let object: string;
  switch (kind) {
    case 'cartridge': object = cartridge(p, input); break;
    case 'disc': object = disc(p, input); break;
    case 'boxed': object = boxed(p, input); break;
    case 'console': object = consoleArt(p, input); break;
    case 'handheld': object = handheld(p, input); break;
    case 'controller': object = controller(p, input); break;
    case 'memory-card': object = memoryCard(p, input); break;
    case 'cable': object = cable(p); break;
    case 'adapter': object = adapter(p); break;
    default:
      p = candyPalette(p, input.motif);
      object = CANDY[kind](p, input);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS} ${CANVAS}" width="${CANVAS}" height="${CANVAS}" data-kind="${kind}"${input.platform ? ` data-platform="${input.platform}"` : ''} font-family="Ubuntu,Roboto,Arial,sans-serif">` +
    rect(0, 0, CANVAS, CANVAS, '#f3f3f5') +
    `<ellipse cx="124" cy="232" rx="100" ry="8" fill="#e2e2e7"/>` +
    object +
    '</svg>'
  );
}
