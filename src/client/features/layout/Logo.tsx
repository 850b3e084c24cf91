import { Link } from 'react-router';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { useShop } from '../../lib/shop-context';
import { useShopName } from '../../components/shop-texts';

/** The brand colour of the logo (the spec's), whatever theme the header has. */
const BRAND = '#EE3F6B';

/** The shop's sign: a d-pad and two buttons for the games shop, a wrapped sweet for the candy shop. */
function Mark({ candy }: { candy: boolean }) {
  return (
    <>
      <rect width="50" height="50" rx="12" fill={BRAND} />
      <path
        fill="#fff"
        d={candy ? 'M25 16a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM16.5 25 6 16v18zM33.5 25 44 16v18z' : 'M9 21h6v-6h6v6h6v6h-6v6h-6v-6H9zM36 17a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM36 28a4 4 0 1 1 0 8 4 4 0 0 1 0-8z'}
      />
    </>
  );
}

/** Bold sans-serif glyphs average about 0.58 of the size in width; the wordmark is squeezed to fit its room. */
const ADVANCE = 0.58;
const WORD_ROOM = 236;

/**
 * The logo (the spec's 300 by 50, drawn inline so it costs no request): the mark and the shop's name as a
 * wordmark in the header's text colour. Phones have no room for it, so there the mark sits beside the name in
 * plain text. The name is the link's text either way.
 */
export function Logo({ languageId }: { languageId: LanguageId }) {
  const name = useShopName();
  const candy = useShop().variant === 'candy';
  const size = Math.min(32, WORD_ROOM / (name.length * ADVANCE));
  const width = Math.min(WORD_ROOM, name.length * ADVANCE * size);
  return (
    <Link to={routes.home(languageId)} className="logo">
      <svg className="logo__mark" viewBox="0 0 50 50" width="36" height="36" aria-hidden="true" focusable="false">
        <Mark candy={candy} />
      </svg>
      <span className="logo__name">{name}</span>
      <svg className="logo__full" viewBox="0 0 300 50" width="300" height="50" aria-hidden="true" focusable="false">
        <Mark candy={candy} />
        <text
          x="62"
          y={25 + size * 0.36}
          fill="currentColor"
          fontFamily="Ubuntu, Roboto, system-ui, sans-serif"
          fontSize={size.toFixed(1)}
          fontWeight="700"
          textLength={width.toFixed(0)}
          lengthAdjust="spacingAndGlyphs"
        >
          {name}
        </text>
      </svg>
    </Link>
  );
}
