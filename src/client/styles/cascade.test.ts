import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

/**
 * main.css imports the features' stylesheets first and then has its own rules (the shared .button, .icon-button and
 * the like), so with equal specificity main.css wins. A feature's one-class rule for an element that also has one of
 * main.css's classes, setting the same property, is therefore silently overridden: a red "danger" button showed the
 * plain button's colours, the checkout's 52 px button was 44 px. Such a rule needs two classes (`.button.x`).
 */
/** main.css's utilities, which are meant to win over whatever else an element has (a status line that only a screen reader hears). */
const UTILITIES = new Set(['visually-hidden']);

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainCss = join(clientDir, 'styles', 'main.css');

interface OneClassRule {
  className: string;
  properties: string[];
}

function oneClassRules(file: string): { imports: string[]; rules: OneClassRule[] } {
  const root = postcss.parse(readFileSync(file, 'utf8'), { from: file });
  const imports: string[] = [];
  root.walkAtRules('import', (rule) => void imports.push(resolve(dirname(file), rule.params.replace(/^['"]|['"]$/g, ''))));
  const rules: OneClassRule[] = [];
  root.walkRules((rule) => {
    const properties: string[] = [];
    rule.walkDecls((decl) => void properties.push(decl.prop));
    for (const selector of rule.selectors) {
      const only = /^\.([\w-]+)$/.exec(selector.trim());
      if (only) rules.push({ className: only[1]!, properties });
    }
  });
  return { imports, rules };
}

/** The words of a className expression: its quoted strings (a ternary's branches too) and a template's fixed parts. */
function wordsOf(expression: string): string[] {
  const words: string[] = [];
  const quoted = expression.replace(/'([^']*)'|"([^"]*)"/g, (_, single?: string, double?: string) => {
    words.push(...(single ?? double ?? '').split(/\s+/));
    return ' ';
  });
  for (const template of quoted.matchAll(/`([^`]*)`/g)) words.push(...template[1]!.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/));
  return words.filter((word) => /^[a-z][\w-]*$/.test(word));
}

/** Each className attribute of a component file: the element (or component) it is on and its expression's text. */
function classNames(source: string): { element: string; expression: string; at: number }[] {
  const found: { element: string; expression: string; at: number }[] = [];
  for (const match of source.matchAll(/className=/g)) {
    const at = match.index + match[0].length;
    let end = at + 1;
    if (source[at] === '"') end = source.indexOf('"', at + 1) + 1;
    else if (source[at] === '{') for (let depth = 0; end <= source.length; end++) {
      if (source[end - 1] === '{') depth++;
      else if (source[end - 1] === '}' && --depth === 0) break;
    }
    const element = /<([A-Za-z][\w.]*)[^<]*$/.exec(source.slice(Math.max(0, at - 2000), at))?.[1] ?? '';
    found.push({ element, expression: source.slice(at, end), at });
  }
  return found;
}

/**
 * The class lists the components can give one element: what a className expression names, with, on a component
 * that adds its own classes to the caller's (FavoriteButton's icon-button), the component's.
 */
function classListsInComponents(): string[][] {
  const sources: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) sources.push(readFileSync(path, 'utf8'));
    }
  };
  visit(clientDir);
  const added = new Map<string, string[]>();
  for (const source of sources) {
    for (const { expression, at } of classNames(source)) {
      const component = [...source.slice(0, at).matchAll(/function ([A-Z]\w*)/g)].at(-1)?.[1];
      if (component && /\bclassName\b/.test(expression)) added.set(component, wordsOf(expression));
    }
  }
  return sources.flatMap((source) => classNames(source).map(({ element, expression }) => [...wordsOf(expression), ...(added.get(element) ?? [])]));
}

/** What a shorthand sets beyond the properties named after it, or less than them (border leaves the radius). */
const SETS: Record<string, RegExp> = {
  font: /^(font-|line-height$)/,
  border: /^border-(?!radius$|collapse$|spacing$|(top|bottom|start|end)-(left|right|start|end)-radius$)/,
  'border-width': /^border-(top|right|bottom|left|block|inline)(-(start|end))?-width$/,
  'border-style': /^border-(top|right|bottom|left|block|inline)(-(start|end))?-style$/,
  'border-color': /^border-(top|right|bottom|left|block|inline)(-(start|end))?-color$/,
  inset: /^(top|right|bottom|left|inset-.+)$/,
  flex: /^flex-(grow|shrink|basis)$/,
  'flex-flow': /^flex-(direction|wrap)$/,
  gap: /^(row|column)-gap$/,
  'place-items': /^(align|justify)-items$/,
  'place-content': /^(align|justify)-content$/,
  'place-self': /^(align|justify)-self$/,
};
const sets = (shorthand: string, property: string) => SETS[shorthand]?.test(property) ?? property.startsWith(`${shorthand}-`);
/** Whether two properties set the same thing (a shorthand and its longhands included). */
const overlaps = (a: string, b: string) => a === b || sets(a, b) || sets(b, a);

/** main.css's own one-class rules, or also those of the stylesheets it imports, each with its file. */
function shellRules(withImports: boolean) {
  const main = oneClassRules(mainCss);
  const own = main.rules.map((rule) => ({ ...rule, file: 'styles/main.css' }));
  if (!withImports) return own;
  return [...own, ...main.imports.flatMap((file) => oneClassRules(file).rules.map((rule) => ({ ...rule, file: file.slice(clientDir.length + 1) })))];
}

/**
 * The one-class rules of `files` that set what one of `shell`'s one-class rules sets, on an element that has both
 * classes: main.css's own come after its imports (those lose), and a stylesheet linked after the shell's comes after
 * all of them (it wins, also with a rule of the shell's own class: on every page a client-side visit left it on). Either way the outcome hangs on the order of the files, which a move from one to the other
 * changes.
 */
function clashes(files: readonly string[], shell: ReturnType<typeof shellRules>, outcome: 'loses' | 'wins'): string[] {
  const features = files.flatMap((file) => oneClassRules(file).rules.map((rule) => ({ ...rule, file: file.slice(clientDir.length + 1) })));
  const found = new Set<string>();
  for (const list of classListsInComponents()) {
    for (const ours of shell.filter((rule) => list.includes(rule.className))) {
      for (const theirs of features.filter((rule) => list.includes(rule.className) && (rule.className !== ours.className || outcome === 'wins'))) {
        const both = theirs.properties.filter((property) => ours.properties.some((other) => overlaps(property, other)));
        if (both.length) found.add(`.${theirs.className} (${theirs.file}) ${outcome} ${both.join(', ')} ${outcome === 'loses' ? 'to' : 'over'} .${ours.className} (${ours.file})`);
      }
    }
  }
  return [...found];
}

/** Stylesheets a module imports itself rather than main.css: a page's or a lazy part's own, linked after the shell's. */
function ownStylesheets(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && path !== join(clientDir, 'entry-client.tsx')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/^import '(\.[^']+\.css)';/gm)) found.add(resolve(dirname(path), match[1]!));
      }
    }
  };
  visit(clientDir);
  return [...found];
}

describe('the order of the stylesheets', () => {
  it('reads the components and the stylesheets it checks', () => {
    const { imports, rules } = oneClassRules(mainCss);
    expect(imports.length).toBeGreaterThan(5);
    expect(rules.some((rule) => rule.className === 'button')).toBe(true);
    expect(classListsInComponents().some((list) => list.includes('button') && list.length > 1)).toBe(true);
  });

  it("no feature's one-class rule is overridden by main.css's own rules on the same element", () => {
    const utilitiesAside = shellRules(false).filter((rule) => !UTILITIES.has(rule.className));
    expect(clashes(oneClassRules(mainCss).imports, utilitiesAside, 'loses')).toEqual([]);
  });

  it("no one-class rule of a stylesheet linked after the shell's (a page's or a part's own) overrides the shell's on the same element", () => {
    const own = ownStylesheets();
    expect(own.map((file) => file.slice(clientDir.length + 1))).toEqual(expect.arrayContaining(['features/checkout/checkout.css', 'features/pwa/pwa.css']));
    // The shell's utilities too: a page's rule must not show what .visually-hidden hides.
    expect(clashes(own, shellRules(true), 'wins')).toEqual([]);
  });
});
