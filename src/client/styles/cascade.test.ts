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

/** The class lists the components write literally (className="a b" or a template literal's fixed words). */
function classListsInComponents(): string[][] {
  const lists: string[][] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/className=(?:"([^"]+)"|\{`([^`]+)`\}|\{'([^']+)'\})/g)) {
          const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
          lists.push(text.split(/\s+/).filter(Boolean));
        }
      }
    }
  };
  visit(clientDir);
  return lists;
}

/** Whether two property names set the same thing (a shorthand and its longhands included). */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);

describe('the order of the stylesheets', () => {
  it('reads the components and the stylesheets it checks', () => {
    const { imports, rules } = oneClassRules(mainCss);
    expect(imports.length).toBeGreaterThan(5);
    expect(rules.some((rule) => rule.className === 'button')).toBe(true);
    expect(classListsInComponents().some((list) => list.includes('button') && list.length > 1)).toBe(true);
  });

  it("no feature's one-class rule is overridden by main.css's own rules on the same element", () => {
    const main = oneClassRules(mainCss);
    const features = main.imports.flatMap((file) => oneClassRules(file).rules.map((rule) => ({ ...rule, file: file.slice(clientDir.length + 1) })));
    const overridden = new Set<string>();
    for (const list of classListsInComponents()) {
      for (const ours of main.rules.filter((rule) => list.includes(rule.className))) {
        for (const theirs of features.filter((rule) => list.includes(rule.className) && rule.className !== ours.className)) {
          const lost = theirs.properties.filter((property) => ours.properties.some((other) => overlaps(property, other)));
          if (lost.length) overridden.add(`.${theirs.className} (${theirs.file}) loses ${lost.join(', ')} to main.css's .${ours.className}`);
        }
      }
    }
    expect([...overridden]).toEqual([]);
  });
});
