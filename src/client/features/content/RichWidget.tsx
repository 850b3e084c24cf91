import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { Icon, type IconName } from '../../components/Icon';
import { LazyImage } from '../../components/LazyImage';
import type { ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { ProductGrid } from '../catalog';
import type { Widget } from './Widgets';

/** The pictures a selling point may name (the server's USP_ICONS); any other reads as none. */
const USP_ICONS: readonly string[] = ['tested', 'fresh', 'truck', 'returns'] satisfies IconName[];
const uspIcon = (icon: string | null | undefined) => (icon && USP_ICONS.includes(icon) ? (icon as IconName) : null);

/**
 * The widgets beyond text (see Widgets.tsx). `row`: a product list as the home page's row. `eager`: its first
 * picture loads at once (ProductImage), the others wait for hydration. The home page's first row starts at the lower
 * edge of the first screen (about 700 px down at 360 and 412 px wide, 840 px on a 1360 × 900 desktop): a phone on 2G
 * gains 1.6 KiB (0.05 s) for each picture that waits. But on Lighthouse's 412 × 823 phone 130 px of the row show,
 * enough for a picture to be the page's largest paint: with none early, that paint came after hydration (LCP 2.2 →
 * 4.6 s). One early picture is that paint at once; the row's others are the same size, and a later paint of equal
 * size never replaces it.
 */
export function RichWidget({ widget, products, id, row = false, eager = false }: {
  widget: Widget;
  products: readonly ProductCardFieldsFragment[] | null;
  id: string;
  row?: boolean;
  eager?: boolean;
}) {
  switch (widget.__typename) {
    case 'TextWidget':
      return null;
    case 'ImageBannerWidget': {
      const picture = (
        <>
          <img className="content-banner__image" src={widget.image} alt={widget.alt} width={1200} height={400} />
          {widget.heading && <span className="content-banner__heading">{widget.heading}</span>}
        </>
      );
      return <div className="content-banner">{widget.link ? <Link to={widget.link}>{picture}</Link> : picture}</div>;
    }
    case 'ProductListWidget':
      if (!widget.list || !products?.length) return null;
      return (
        <section className="home-row" aria-labelledby={id}>
          <div className="home-row__head">
            <h2 id={id} className="home-section__title">
              {widget.title}
            </h2>
            <Link to={widget.list.canonicalUrl} className="home-row__all">
              <FormattedMessage id="content.seeAll" />
              <span className="visually-hidden"> – {widget.title}</span>
              <Icon name="arrow" size={18} />
            </Link>
          </div>
          <ProductGrid products={products} eagerCount={eager ? 1 : 0} className={row ? 'product-grid--row' : undefined} />
        </section>
      );
    case 'UspRowWidget': {
      // Points with a line or a picture read as the home page's selling points; bare ones as a short row.
      const full = widget.items.some((point) => point.text || uspIcon(point.icon));
      const list = full ? (
        <ul className="home-usps__list">
          {widget.items.map((point) => {
            const icon = uspIcon(point.icon);
            return (
              <li key={point.title} className="home-usp">
                {icon && <Icon name={icon} size={32} />}
                <span>
                  <strong className="home-usp__title">{point.title}</strong>
                  {point.text && <span className="home-usp__text">{point.text}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <ul className="content-usps">
          {widget.items.map((point) => (
            <li key={point.title} className="content-usps__point">
              {point.title}
            </li>
          ))}
        </ul>
      );
      if (!widget.title) return list;
      return (
        <section className="home-usps" aria-labelledby={id}>
          <h2 id={id} className="home-section__title">
            {widget.title}
          </h2>
          {list}
        </section>
      );
    }
    case 'CategoryTilesWidget':
      return (
        <nav className="home-categories" aria-labelledby={id}>
          <h2 id={id} className="home-section__title">
            {widget.title}
          </h2>
          <ul className="home-categories__list">
            {widget.categories.map((category) => (
              <li key={category.categoryId}>
                <Link to={category.canonicalUrl} className="home-category">
                  {/* Decorative, and at most the first screen's lower edge on a phone: after hydration, so on a slow
                      link it does not share the bandwidth with the scripts; the box keeps its place meanwhile. */}
                  <span className="home-category__picture">
                    <LazyImage src={`/images/c${category.categoryId}.svg`} alt="" width={248} height={248} />
                  </span>
                  <span className="home-category__name">{category.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      );
  }
}
