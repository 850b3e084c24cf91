import { useIntl } from '../../i18n/intl';
import { useFavorites } from './use-favorites';

/** Heart toggle; aria-pressed tells assistive technology whether the product is a favorite. */
export function FavoriteButton({ productId, name, className }: { productId: number; name: string; className?: string }) {
  const intl = useIntl();
  const favorites = useFavorites();
  const active = favorites.isFavorite(productId);
  return (
    <button
      type="button"
      className={`icon-button favorite-button ${active ? 'favorite-button--active' : ''} ${className ?? ''}`}
      aria-pressed={active}
      aria-label={intl.formatMessage({ id: active ? 'favorites.remove' : 'favorites.add' }, { name })}
      onClick={() => favorites.toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}
