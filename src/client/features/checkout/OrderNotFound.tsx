import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { routes } from '../../../shared/routes';
import { useLanguageId } from '../../hooks/use-language';

/**
 * A return from the payment page whose link names no order (missing, malformed or unknown order and token): there
 * is nothing to settle or wait for, so the page says so and leads back to the shop.
 */
export function OrderNotFound() {
  const languageId = useLanguageId();
  return (
    <>
      <h1 className="page__title">
        <FormattedMessage id="confirm.notFoundTitle" />
      </h1>
      <div className="checkout-page__empty">
        <p>
          <FormattedMessage id="confirm.notFound" />
        </p>
        <Link className="button button--primary" to={routes.home(languageId)}>
          <FormattedMessage id="checkout.continueShopping" />
        </Link>
      </div>
    </>
  );
}
