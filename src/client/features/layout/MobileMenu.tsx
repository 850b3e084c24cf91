import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import type { LanguageId } from '../../../shared/locales';
import { Icon } from '../../components/Icon';
import { SmartLink } from '../../components/SmartLink';
import { childrenOf, parentLinkMessageId, type AnyMenuNode } from './menu-tree';

/** The phone menu inside the menu side panel: each level is an accordion with its parent link first. */
export function MobileMenu({ items, languageId }: { items: readonly AnyMenuNode[]; languageId: LanguageId }) {
  return (
    <ul className="mobile-menu">
      {items.map((item) => (
        <MobileMenuItem key={item.id} item={item} languageId={languageId} />
      ))}
    </ul>
  );
}

function MobileMenuItem({ item, languageId }: { item: AnyMenuNode; languageId: LanguageId }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const children = childrenOf(item);
  if (children.length === 0) {
    return (
      <li>
        <SmartLink href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank} className="mobile-menu__link">
          {item.label}
        </SmartLink>
      </li>
    );
  }
  return (
    <li>
      <button type="button" className="mobile-menu__toggle" aria-expanded={open} aria-controls={`mobile-menu-${item.id}`} onClick={() => setOpen(!open)}>
        <span>{item.label}</span>
        <Icon name={open ? 'minus' : 'plus'} size={20} />
      </button>
      <div id={`mobile-menu-${item.id}`} className="mobile-menu__children" hidden={!open}>
        <SmartLink href={item.canonicalUrl} languageId={languageId} className="mobile-menu__link mobile-menu__all">
          {intl.formatMessage({ id: parentLinkMessageId(item) }, { label: item.label })}
        </SmartLink>
        <MobileMenu items={children} languageId={languageId} />
      </div>
    </li>
  );
}
