import type { LanguageId } from '../../../shared/locales';
import { SidePanel } from '../../components/SidePanel';
import { CustomerTypeToggle } from '../pricing';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileMenu } from './MobileMenu';
import type { AnyMenuNode } from './menu-tree';

/** The phone menu's side panel: in a chunk of its own, mounted once the page has hydrated (Header.tsx). */
export function MenuPanel({ title, items, topBarItems, languageId }: { title: string; items: readonly AnyMenuNode[]; topBarItems: readonly AnyMenuNode[] | null; languageId: LanguageId }) {
  return (
    <SidePanel name="menu" title={title} side="left">
      <MobileMenu items={items} languageId={languageId} />
      {/* The top-bar links have no room on phones; they live here instead. */}
      {topBarItems && <MobileMenu items={topBarItems} languageId={languageId} />}
      <div className="side-panel__settings">
        <CustomerTypeToggle />
        <LanguageSwitch languageId={languageId} />
      </div>
    </SidePanel>
  );
}
