import type { ReactNode } from 'react';
import { Link } from './Link';
import { localizePath, type LanguageId } from '../../shared/locales';

export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'plain'; href: string };

/**
 * Link rules: the shop's own host is reduced to the path; other http links are external (new
 * tab); links with a colon (mailto:, tel:) open normally; relative paths without a leading slash are localized.
 */
export function resolveLink(href: string, languageId: LanguageId, ownHost: string | null): LinkTarget {
  if (/^https?:\/\//i.test(href)) {
    const url = new URL(href);
    if (ownHost && url.host === ownHost) return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
    return { kind: 'external', href };
  }
  if (href.includes(':')) return { kind: 'plain', href };
  if (!href.startsWith('/')) return { kind: 'internal', to: localizePath(href, languageId) };
  return { kind: 'internal', to: href };
}

export function SmartLink(props: {
  href: string;
  languageId: LanguageId;
  targetBlank?: boolean;
  className?: string;
  title?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const ownHost = typeof window === 'undefined' ? null : window.location.host;
  const target = resolveLink(props.href, props.languageId, ownHost);
  const common = { className: props.className, title: props.title || undefined, 'aria-label': props['aria-label'] };
  if (target.kind === 'internal' && !props.targetBlank) return <Link to={target.to} {...common}>{props.children}</Link>;
  if (target.kind === 'plain') return <a href={target.href} {...common}>{props.children}</a>;
  const href = target.kind === 'internal' ? target.to : target.href;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...common}>
      {props.children}
    </a>
  );
}
