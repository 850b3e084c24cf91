import './account-styles';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../shared/routes';
import { Head } from '../../components/Head';
import { useLanguageId } from '../../hooks/use-language';
import { openPanel } from '../../lib/ui-state';
import { ResetPasswordForm } from './AuthForms';

/** Where the reset mail's link leads (?key=…): a new password, then the shopper is signed in on their orders. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key');
  const title = intl.formatMessage({ id: 'account.reset.title' });
  return (
    <div className="account-page account-page--narrow">
      <Head title={title} />
      <h1>{title}</h1>
      {key ? (
        <ResetPasswordForm resetKey={key} onDone={(signedIn) => {
            if (signedIn) void navigate(routes.accountOrders(languageId), { replace: true });
            else openPanel('account', 'login');
          }} />
      ) : (
        <>
          <p>
            <FormattedMessage id="account.reset.noKey" />
          </p>
          <button type="button" className="button" onClick={() => openPanel('account', 'forgot')}>
            <FormattedMessage id="account.forgot.title" />
          </button>
        </>
      )}
    </div>
  );
}
