import type { LayoutQuery } from '../../graphql/generated/operations';

export type MenuNode = NonNullable<LayoutQuery['mainMenu']>['menuItems'][number];
export type SubMenuNode = MenuNode['children'][number];
export type AnyMenuNode = MenuNode | SubMenuNode | SubMenuNode['children'][number];

/** A parent's own link reads 'Go to {label}' for custom and page items, else 'Show all within {label}'. */
export function parentLinkMessageId(item: AnyMenuNode): 'menu.goTo' | 'menu.showAllWithin' {
  return item.type === 'custom' || item.type === 'page' ? 'menu.goTo' : 'menu.showAllWithin';
}

export function childrenOf(item: AnyMenuNode): readonly AnyMenuNode[] {
  return 'children' in item ? item.children : [];
}
