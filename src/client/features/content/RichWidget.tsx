import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import type { ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { ProductGrid } from '../catalog';
import type { Widget } from './ContentPage';

/** The widgets beyond text, loaded after the content page's own chunk (see ContentPage.tsx). */
export function RichWidget({ widget, products, id }: { widget: Widget; products: readonly ProductCardFieldsFragment[] | null; id: string }) {
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
            </Link>
          </div>
          <ProductGrid products={products} />
        </section>
      );
    case 'UspRowWidget':
      return (
        <ul className="content-usps">
          {widget.points.map((point) => (
            <li key={point} className="content-usps__point">
              {point}
            </li>
          ))}
        </ul>
      );
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
                  <img src={`/images/c${category.categoryId}.svg`} alt="" width={248} height={248} loading="lazy" />
                  <span className="home-category__name">{category.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      );
  }
}
