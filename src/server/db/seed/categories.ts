import { AliasRegistry } from './slug';
import { localize, type CategoryNode, type Lang, type Localized } from './types';

export interface FlatCategory {
  readonly id: number;
  readonly parentId: number | null;
  /** Path of node keys, e.g. 'games/nintendo/snes'. */
  readonly key: string;
  readonly level: number;
  readonly sortOrder: number;
  readonly name: Localized;
  readonly alias: Localized;
  readonly description: Localized;
  /** Root first, ending with this category. */
  readonly path: readonly FlatCategory[];
}

export type DescribeCategory = (path: readonly Localized[]) => Localized;

/** The category tree with ids assigned depth-first from 1, so the same tree always gets the same ids. */
export class CategoryIndex {
  readonly all: FlatCategory[] = [];
  private readonly byKey = new Map<string, FlatCategory>();
  private readonly childIds = new Map<number, number[]>();

  constructor(roots: readonly CategoryNode[], describe: DescribeCategory) {
    const registries: Record<Lang, AliasRegistry> = { sv: new AliasRegistry(), en: new AliasRegistry() };
    const visit = (node: CategoryNode, parent: FlatCategory | null, sortOrder: number): void => {
      const id = this.all.length + 1;
      const ancestors = parent ? parent.path : [];
      const names = [...ancestors.map((a) => a.name), node.name];
      const alias = localize((lang) => {
        const own = node.alias?.[lang] ?? node.name[lang];
        // A bare "Nintendo" exists under games, consoles and controllers; qualify the later ones by their
        // top-level (or parent) name so the alias stays readable instead of getting a number.
        const root = ancestors[0]?.name[lang];
        const parentName = parent?.name[lang];
        const candidates = [own];
        if (root) candidates.push(`${own} ${root}`);
        if (parentName && parentName !== root) candidates.push(`${own} ${parentName}`);
        return registries[lang].claim(candidates, id);
      });
      const path: FlatCategory[] = [...ancestors];
      const category: FlatCategory = {
        id,
        parentId: parent?.id ?? null,
        key: parent ? `${parent.key}/${node.key}` : node.key,
        level: ancestors.length + 1,
        sortOrder,
        name: node.name,
        alias,
        description: node.description ?? describe(names),
        path,
      };
      path.push(category);
      if (this.byKey.has(category.key)) throw new Error(`Duplicate category key ${category.key}`);
      this.all.push(category);
      this.byKey.set(category.key, category);
      if (parent) this.childIds.get(parent.id)?.push(id);
      this.childIds.set(id, []);
      node.children?.forEach((child, index) => visit(child, category, index));
    };
    roots.forEach((root, index) => visit(root, null, index));
  }

  get(key: string): FlatCategory {
    const category = this.byKey.get(key);
    if (!category) throw new Error(`Unknown category key ${key}`);
    return category;
  }

  children(category: FlatCategory | null): FlatCategory[] {
    if (!category) return this.all.filter((c) => c.parentId === null);
    return (this.childIds.get(category.id) ?? []).map((id) => this.all[id - 1] as FlatCategory);
  }

  isLeaf(category: FlatCategory): boolean {
    return (this.childIds.get(category.id) ?? []).length === 0;
  }
}
