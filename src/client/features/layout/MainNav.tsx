import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import type { LanguageId } from '../../../shared/locales';
import { Icon } from '../../components/Icon';
import { SmartLink } from '../../components/SmartLink';
import { childrenOf, parentLinkMessageId, type MenuNode } from './menu-tree';

/**
 * Desktop navigation (menu location main-desktop), three levels. Children open on hover and keyboard focus
 * through CSS; the chevron button opens them on tap and tells assistive technology the state.
 */
export function MainNav({ items, label, languageId }: { items: readonly MenuNode[]; label: string; languageId: LanguageId }) {
  const intl = useIntl();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <nav className="main-nav" aria-label={label}>
      <ul className="main-nav__list">
        {items.map((item) => {
          const children = childrenOf(item);
          const open = openId === item.id;
          return (
            <li
              key={item.id}
              className={`main-nav__item ${open ? 'main-nav__item--open' : ''}`}
              onMouseLeave={() => open && setOpenId(null)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && open) setOpenId(null);
              }}
            >
              <SmartLink href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank} title={item.title} className="main-nav__link">
                {item.label}
              </SmartLink>
              {children.length > 0 && (
                <>
                  <button
                    type="button"
                    className="main-nav__toggle"
                    aria-expanded={open}
                    aria-controls={`main-nav-${item.id}`}
                    aria-label={intl.formatMessage({ id: 'menu.showChildren' }, { label: item.label })}
                    onClick={() => setOpenId(open ? null : item.id)}
                  >
                    <Icon name="chevron" size={16} />
                  </button>
                  <div className="main-nav__dropdown" id={`main-nav-${item.id}`}>
                    <SmartLink href={item.canonicalUrl} languageId={languageId} className="main-nav__all">
                      {intl.formatMessage({ id: parentLinkMessageId(item) }, { label: item.label })}
                    </SmartLink>
                    <ul className="main-nav__columns">
                      {children.map((child) => (
                        <li key={child.id}>
                          <SmartLink href={child.canonicalUrl} languageId={languageId} targetBlank={child.targetBlank} className="main-nav__child">
                            {child.label}
                          </SmartLink>
                          {childrenOf(child).length > 0 && (
                            <ul>
                              {childrenOf(child).map((grandchild) => (
                                <li key={grandchild.id}>
                                  <SmartLink href={grandchild.canonicalUrl} languageId={languageId} targetBlank={grandchild.targetBlank}>
                                    {grandchild.label}
                                  </SmartLink>
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
