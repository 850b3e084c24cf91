import { Link } from '../../components/Link';
import { BRAND_COLOR, MARK_GLYPH, MARK_RADIUS, MARK_SIZE } from '../../../shared/app-icons';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import { useShop } from '../../lib/shop-context';
import { useShopName } from '../../components/shop-texts';

/** The shop's sign (one drawing with the app's icons, see app-icons). */
function Mark({ variant }: { variant: ShopVariant }) {
  return (
    <>
      <rect width={MARK_SIZE} height={MARK_SIZE} rx={MARK_RADIUS} fill={BRAND_COLOR} />
      <path fill="#fff" d={MARK_GLYPH[variant]} />
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
  const { variant } = useShop();
  const size = Math.min(32, WORD_ROOM / (name.length * ADVANCE));
  const width = Math.min(WORD_ROOM, name.length * ADVANCE * size);
  return (
    <Link to={routes.home(languageId)} className="logo">
      <svg className="logo__mark" viewBox="0 0 50 50" width="36" height="36" aria-hidden="true" focusable="false">
        <Mark variant={variant} />
      </svg>
      <span className="logo__name">{name}</span>
      <svg className="logo__full" viewBox="0 0 300 50" width="300" height="50" aria-hidden="true" focusable="false">
        <Mark variant={variant} />
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
